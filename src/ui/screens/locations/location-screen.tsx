import { useQuery } from '@apollo/client/react';
import { Group, Stack, Tabs, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Crumbs } from '../../components/crumbs';
import { codeOf } from '../../components/errors';
import { ErrorState, LoadingState } from '../../components/states';
import { graphql } from '../../gql';
import type { LocationSettingsFragment } from '../../gql/graphql';
import { NotFound } from '../not-found';
import { CatalogTab } from './catalog-tab';
import { ConnectionsTab } from './connections-tab';
import { MenusTab } from '../menus/menus-tab';
import { StoreStatusTab } from '../store-status/store-status-tab';
import { OpeningHoursTab } from '../availability/opening-hours-tab';
import { LocationForm } from './location-form';
import { OrderSettingsTab } from './order-settings-tab';
import { accountTrail } from './location-crumbs';
import { LocationLinks } from './location-links';

const LOCATION = graphql(`
  query Location($accountId: ID!, $locationId: ID!) {
    account(id: $accountId) {
      id
      name
    }
    location(id: $locationId, accountId: $accountId) {
      ...LocationSettings
    }
  }
`);

type Ids = { accountId: string; locationId: string };

// Each tab's panel, drawn only while it is the open one (keepMounted={false}).
const TABS: { value: string; label: string; panel: (ids: Ids, location: LocationSettingsFragment) => ReactNode }[] = [
  {
    value: 'details',
    label: 'Details and tax rates',
    panel: (ids, location) => <LocationForm accountId={ids.accountId} location={location} />,
  },
  { value: 'connections', label: 'Connections', panel: (ids) => <ConnectionsTab {...ids} /> },
  {
    value: 'catalog',
    label: 'Catalog',
    panel: (ids, location) => <CatalogTab {...ids} timeZone={location.timezone} />,
  },
  { value: 'menus', label: 'Menus', panel: (ids) => <MenusTab {...ids} /> },
  { value: 'store-status', label: 'Store status', panel: (ids) => <StoreStatusTab {...ids} /> },
  {
    value: 'opening-hours',
    label: 'Opening hours',
    panel: (ids, location) => <OpeningHoursTab {...ids} timeZone={location.timezone} />,
  },
  { value: 'order-settings', label: 'Order settings', panel: (ids) => <OrderSettingsTab {...ids} /> },
];

/**
 * One location: its settings, the applications connected to it, its catalog and menus (the Application Flow of
 * docs/contract.md "Onboarding flows").
 */
export function LocationScreen() {
  const { accountId = '', locationId = '', tab = 'details' } = useParams();
  const navigate = useNavigate();
  const { data, loading, error } = useQuery(LOCATION, { variables: { accountId, locationId } });
  if (codeOf(error) === 'not_found' || !TABS.some((t) => t.value === tab)) return <NotFound />;
  const base = `/accounts/${accountId}/locations/${locationId}`;
  return (
    <Stack>
      <Crumbs trail={[...accountTrail(accountId, data?.account.name), { label: data?.location.name ?? '…' }]} />
      {loading && <LoadingState label="Loading the location" />}
      {error && <ErrorState error={error} />}
      {data && (
        <>
          <Group justify="space-between">
            <Title order={2}>{data.location.name}</Title>
            <LocationLinks accountId={accountId} locationId={locationId} />
          </Group>
          <Tabs
            value={tab}
            onChange={(value) => navigate(value === 'details' ? base : `${base}/${value}`)}
            keepMounted={false}
          >
            <Tabs.List>
              {TABS.map((t) => (
                <Tabs.Tab key={t.value} value={t.value}>
                  {t.label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {TABS.map((t) => (
              <Tabs.Panel key={t.value} value={t.value} pt="md">
                {t.panel({ accountId, locationId }, data.location)}
              </Tabs.Panel>
            ))}
          </Tabs>
        </>
      )}
    </Stack>
  );
}
