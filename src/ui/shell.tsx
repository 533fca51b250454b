import { useMutation } from '@apollo/client/react';
import {
  ActionIcon,
  Alert,
  AppShell,
  Burger,
  Button,
  Group,
  NavLink,
  Text,
  Title,
  useMantineColorScheme,
  useMatches,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { NavLink as RouterLink, Outlet, useNavigate } from 'react-router';
import { useReachability } from './hub-reachability';
import { graphql } from './gql';
import { AREAS, HOME } from './routes';
import { useViewer } from './viewer';

const SIGN_OUT = graphql(`
  mutation SignOut {
    signOut
  }
`);

/** The frame of every signed-in screen: header, navigation for this operator, the screen. */
export function Shell() {
  const viewer = useViewer();
  const [opened, { toggle, close }] = useDisclosure();
  const navigate = useNavigate();
  const [signOut, { client, loading }] = useMutation(SIGN_OUT);
  const { toggleColorScheme } = useMantineColorScheme();
  // A phone's navigation slides out of view when closed: inert then, so Tab does not walk through links nobody sees.
  const hiddenNavigation = useMatches({ base: !opened, sm: false });

  async function onSignOut() {
    await signOut();
    await client.clearStore();
    navigate('/login', { replace: true });
  }

  const links = [HOME, ...AREAS].filter((a) => a.visible(viewer)).map((a) => ({ path: a.path, label: a.label }));
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            <Title order={1} size="h4">
              Order Hub
            </Title>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Text size="sm" c="dimmed" visibleFrom="sm">
              {viewer.email} ({viewer.role})
            </Text>
            <ActionIcon variant="default" onClick={toggleColorScheme} aria-label="Switch between light and dark mode">
              ◐
            </ActionIcon>
            <Button variant="default" size="xs" onClick={onSignOut} loading={loading}>
              Sign out
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Main navigation" inert={hiddenNavigation}>
        {links.map((link) => (
          <NavLink
            key={link.path}
            component={RouterLink}
            to={link.path}
            end={link.path === '/'}
            label={link.label}
            onClick={close}
          />
        ))}
      </AppShell.Navbar>
      <AppShell.Main>
        <ReconnectingNotice />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}

/** Said while queries wait for the hub to answer again (a short outage): the screen stays, and recovers by itself. */
function ReconnectingNotice() {
  const { retrying } = useReachability();
  if (retrying === 0) return null;
  return (
    <Alert role="status" color="orange" variant="light" mb="md" title="Reconnecting to Order Hub…">
      The hub did not answer for a moment. This page tries again by itself and carries on when it answers.
    </Alert>
  );
}
