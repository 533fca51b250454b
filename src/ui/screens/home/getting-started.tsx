import { useQuery } from '@apollo/client/react';
import { Anchor, Badge, Group, Paper, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';
import { CheckIcon } from '../../components/icons';
import { graphql } from '../../gql';
import type { GettingStartedQuery, GettingStartedStep } from '../../gql/graphql';
import { useViewer, type Viewer } from '../../viewer';

// "Getting started" on the home page of a hub being set up: the Application Flow as a checklist. Which steps
// are done is the server's answer (gettingStarted, from what the hub holds within this operator's reach); this
// screen says each step in words and links it to the screen where it is done, at the location the server says
// is furthest along. Gone once every step is done.

const GETTING_STARTED = graphql(`
  query GettingStarted {
    gettingStarted {
      steps {
        step
        done
      }
      complete
      accountId
      locationId
      menuId
    }
  }
`);

type Checklist = GettingStartedQuery['gettingStarted'];

interface StepText {
  label: string;
  why: string;
  /** Who may do it: an operator who may not sees the step without a link. */
  may(viewer: Viewer): boolean;
  /** Where it is done; null when the location it needs is not there yet. */
  to(checklist: Checklist): string;
}

const atLocation = (c: Checklist, tab: string) =>
  c.accountId && c.locationId ? `/accounts/${c.accountId}/locations/${c.locationId}/${tab}` : '/accounts';
const atMenu = (c: Checklist) =>
  c.menuId ? `/accounts/${c.accountId}/locations/${c.locationId}/menus/${c.menuId}` : atLocation(c, 'menus');

const STEPS: Record<GettingStartedStep, StepText> = {
  REGISTER_POS: {
    label: 'Register a POS',
    why: 'The kitchen system that receives the orders and gives the catalog.',
    may: (v) => v.permissions.manageApplications,
    to: () => '/applications',
  },
  REGISTER_MARKETPLACE: {
    label: 'Register a marketplace',
    why: 'Where customers order: it places orders and receives the menu.',
    may: (v) => v.permissions.manageApplications,
    to: () => '/applications',
  },
  CREATE_ACCOUNT: {
    label: 'Create an account',
    why: 'The restaurant or group the locations belong to.',
    may: (v) => v.permissions.provision,
    to: () => '/accounts',
  },
  CREATE_LOCATION: {
    label: 'Create a location',
    why: 'One restaurant: its currency, time zone and tax rates.',
    may: (v) => v.permissions.provision,
    to: (c) => (c.accountId ? `/accounts/${c.accountId}` : '/accounts'),
  },
  CONNECT: {
    label: 'Connect the POS and the marketplace',
    why: 'Both at the location, with the credentials each partner gave.',
    may: (v) => v.permissions.manageConnections,
    to: (c) => atLocation(c, 'connections'),
  },
  SYNC_CATALOG: {
    label: 'Sync the catalog',
    why: "The POS's products, options and their tax rates.",
    may: (v) => v.permissions.editCatalog,
    to: (c) => atLocation(c, 'catalog'),
  },
  BUILD_MENU: {
    label: 'Build a menu',
    why: 'The products the marketplace offers, from the catalog.',
    may: (v) => v.permissions.editMenus,
    to: (c) => (c.menuId ? atMenu(c) : atLocation(c, 'menus')),
  },
  PUBLISH_MENU: {
    label: 'Publish the menu',
    why: 'Send it to the marketplace; orders can come in.',
    may: (v) => v.permissions.editMenus,
    to: atMenu,
  },
};

export function GettingStarted() {
  const viewer = useViewer();
  // Read again each time Home opens and while it is open: steps are done on other screens, or by others.
  const { data } = useQuery(GETTING_STARTED, { pollInterval: 15_000, fetchPolicy: 'cache-and-network' });
  const checklist = data?.gettingStarted;
  if (!checklist || checklist.complete) return null;
  const done = checklist.steps.filter((s) => s.done).length;
  // The first step not done is the one to do next.
  const next = checklist.steps.find((s) => !s.done)?.step;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="getting-started-title">
      <Group justify="space-between" align="flex-end" mb="xs">
        <div>
          <Title order={3} id="getting-started-title">
            Getting started
          </Title>
          <Text size="sm" c="dimmed">
            From an empty hub to a marketplace's first order, in the order it is done.
          </Text>
        </div>
        <Text size="sm" fw={500}>
          {done} of {checklist.steps.length} done
        </Text>
      </Group>
      <Progress value={(done / checklist.steps.length) * 100} size="sm" mb="sm" aria-hidden />
      <Stack
        component="ol"
        gap="xs"
        aria-label="Getting started steps"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {checklist.steps.map(({ step, done }) => {
          const text = STEPS[step];
          return (
            <Group
              key={step}
              component="li"
              wrap="nowrap"
              align="flex-start"
              gap="sm"
              aria-label={`${text.label}: ${done ? 'done' : 'to do'}`}
            >
              <ThemeIcon size={22} radius="xl" color={done ? 'teal' : 'gray'} variant={done ? 'filled' : 'light'}>
                {done ? <CheckIcon size={14} /> : null}
              </ThemeIcon>
              <div style={{ minWidth: 0 }}>
                <Group gap="xs">
                  {text.may(viewer) ? (
                    <Anchor
                      component={Link}
                      to={text.to(checklist)}
                      fw={step === next ? 700 : 500}
                      c={done ? 'dimmed' : undefined}
                      td={done ? 'line-through' : undefined}
                    >
                      {text.label}
                    </Anchor>
                  ) : (
                    <Text fw={500} td={done ? 'line-through' : undefined}>
                      {text.label}
                    </Text>
                  )}
                  {step === next && (
                    <Badge size="sm" variant="light">
                      Next
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  {text.may(viewer) ? text.why : `${text.why} Your administrator does this step.`}
                </Text>
              </div>
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}
