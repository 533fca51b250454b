import { useQuery, useSubscription } from '@apollo/client/react';
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useCoalesced } from '../../components/coalesced';
import { codeOf } from '../../components/errors';
import { useLiveFallback } from '../../components/live';
import { ErrorState, LoadingState } from '../../components/states';
import { useViewer } from '../../viewer';
import { LocationCrumbs } from '../locations/location-crumbs';
import { NotFound } from '../not-found';
import { MENU, MENU_EVENTS } from './menu-documents';
import { MenuItems } from './menu-items';
import { MenuModifiers } from './menu-modifiers';
import { MenuPublications } from './menu-publications';
import { ProductPicker } from './product-picker';

/** One menu: its items from the catalog, their tax rates, and its publications. */
export function MenuScreen() {
  const { accountId = '', locationId = '', menuId = '' } = useParams();
  const viewer = useViewer();
  const query = useQuery(MENU, {
    variables: { accountId, locationId, id: menuId },
  });
  const { data, loading, error } = query;
  // Live: a product going out of stock at the POS, a price or tax rate changed by an import, another
  // operator's edit. The menu is read again (coalesced); while the socket is down it is polled instead.
  const refresh = useCoalesced(() => query.refetch());
  const events = useSubscription(MENU_EVENTS, {
    variables: { accountId, locationId, menuId },
    onData: () => refresh(),
  });
  useLiveFallback(events, query);
  if (codeOf(error) === 'not_found') return <NotFound />;
  const ids = { accountId, locationId, menuId };
  const editable = viewer.permissions.editMenus;
  const menu = data?.menu;
  return (
    <Stack>
      <LocationCrumbs accountId={accountId} locationId={locationId} here={menu?.name ?? 'Menu'} />
      {loading && !data && <LoadingState label="Loading the menu" />}
      {error && <ErrorState error={error} />}
      {menu && data && (
        <>
          <Group justify="space-between" align="flex-start">
            <div>
              <Title order={2}>{menu.name}</Title>
              {menu.description && <Text c="dimmed">{menu.description}</Text>}
            </div>
            <Anchor component={Link} to={`/accounts/${accountId}/locations/${locationId}/menus`}>
              All menus
            </Anchor>
          </Group>
          <MenuPublications ids={ids} editable={editable} />
          <Title order={3}>Items</Title>
          {editable && (
            <ProductPicker
              ids={ids}
              inMenu={new Set(menu.items.map((i) => i.productId))}
              currency={data.location.currency}
            />
          )}
          <MenuItems
            ids={ids}
            items={menu.items}
            currency={data.location.currency}
            taxRates={data.location.taxRates}
            editable={editable}
          />
          <Title order={3}>Modifiers</Title>
          <Text size="sm" c="dimmed">
            Copied from the catalog with the products' modifier groups.
          </Text>
          <MenuModifiers
            ids={ids}
            modifiers={menu.modifiers}
            currency={data.location.currency}
            taxRates={data.location.taxRates}
            editable={editable}
          />
        </>
      )}
    </Stack>
  );
}
