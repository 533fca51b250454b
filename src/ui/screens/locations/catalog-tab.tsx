import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Box, Group, SegmentedControl, Stack, Switch, Table, Text, TextInput, useMatches } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { formatMoney } from '../../components/money';
import { Pager, useSearchCursor } from '../../components/pager';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { graphql } from '../../gql';
import { useViewer } from '../../viewer';
import { CatalogSync } from './catalog-sync';
import { notifyDone, notifyFailure } from '../../components/notify';
import { formatWhenIn } from '../../components/time';
import type { ProductsQuery, SnoozeKind, SnoozesQuery } from '../../gql/graphql';
import { SNOOZES } from '../availability/availability-documents';
import { SnoozedList } from '../availability/snoozed-list';
import { SnoozeMenu, type Snoozable } from '../availability/snooze-menu';

const PRODUCTS = graphql(`
  query Products($accountId: ID!, $locationId: ID!, $nextPageKey: String, $search: String) {
    products(accountId: $accountId, locationId: $locationId, limit: 25, nextPageKey: $nextPageKey, search: $search) {
      data {
        id
        posReference
        name
        price
        showOnline
        taxRateIds
      }
      nextPageKey
    }
  }
`);

const CATEGORIES = graphql(`
  query Categories($accountId: ID!, $locationId: ID!, $nextPageKey: String, $search: String) {
    categories(accountId: $accountId, locationId: $locationId, limit: 25, nextPageKey: $nextPageKey, search: $search) {
      data {
        id
        posReference
        name
        show_online
      }
      nextPageKey
    }
  }
`);

const MODIFIERS = graphql(`
  query Modifiers($accountId: ID!, $locationId: ID!, $nextPageKey: String, $search: String) {
    modifiers(accountId: $accountId, locationId: $locationId, limit: 25, nextPageKey: $nextPageKey, search: $search) {
      data {
        id
        posReference
        name
        price
      }
      nextPageKey
    }
  }
`);

const MODIFIER_GROUPS = graphql(`
  query ModifierGroups($accountId: ID!, $locationId: ID!, $nextPageKey: String) {
    modifierGroups(accountId: $accountId, locationId: $locationId, limit: 25, nextPageKey: $nextPageKey) {
      data {
        id
        posReference
        name
        minPermitted
        maxPermitted
      }
      nextPageKey
    }
  }
`);

const SET_SHOW_ONLINE = graphql(`
  mutation SetProductShowOnline($accountId: ID!, $locationId: ID!, $id: ID!, $input: ProductInput!) {
    updateProduct(accountId: $accountId, locationId: $locationId, id: $id, input: $input) {
      id
      showOnline
      taxRateIds
    }
  }
`);

type Kind = 'products' | 'categories' | 'modifiers' | 'modifierGroups';
const KINDS: { value: Kind; label: string }[] = [
  { value: 'products', label: 'Products' },
  { value: 'categories', label: 'Categories' },
  { value: 'modifiers', label: 'Modifiers' },
  { value: 'modifierGroups', label: 'Modifier groups' },
];

type Ids = { accountId: string; locationId: string };

/** What the lists need to snooze an item and say it is snoozed: the location's clock, its snoozes and presets. */
interface Snoozing {
  timeZone: string;
  data: SnoozesQuery | undefined;
  canChange: boolean;
}

/** The row's Snooze menu, or "Snoozed" when it is; nothing for an operator who may not change it. */
function SnoozeCell({ ids, item, snoozing }: { ids: Ids; item: Snoozable; snoozing: Snoozing }) {
  const snoozed = snoozing.data?.snoozes.find((s) => s.kind === item.kind && s.posReference === item.posReference);
  // Short, so the row keeps its width on a phone; the list of snoozed items above says until when.
  if (snoozed)
    return (
      <Badge color="orange" variant="light" title={`Until ${formatWhenIn(snoozed.until, snoozing.timeZone)}`}>
        Snoozed
      </Badge>
    );
  if (!snoozing.canChange) return null;
  return <SnoozeMenu ids={ids} item={item} choices={snoozing.data?.snoozeChoices} timeZone={snoozing.timeZone} />;
}

/**
 * The location's catalog: sync from the POS, what is snoozed, browse each kind a page at a time (search on the
 * server), and snooze a product or modifier from its row.
 */
export function CatalogTab({ timeZone, ...ids }: Ids & { timeZone: string }) {
  const viewer = useViewer();
  const snoozes = useQuery(SNOOZES, { variables: ids });
  const snoozing: Snoozing = { timeZone, data: snoozes.data, canChange: viewer.permissions.editCatalog };
  const [kind, setKind] = useState<Kind>('products');
  // Four choices do not fit side by side on a phone: one above the other there.
  const orientation = useMatches<'vertical' | 'horizontal'>({ base: 'vertical', sm: 'horizontal' });
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  return (
    <Stack>
      <CatalogSync {...ids} />
      {snoozes.data && (
        <SnoozedList ids={ids} snoozed={snoozes.data.snoozes} timeZone={timeZone} canChange={snoozing.canChange} />
      )}
      <Group align="flex-end" wrap="wrap">
        <SegmentedControl
          value={kind}
          onChange={(v) => setKind(v as Kind)}
          data={KINDS}
          aria-label="Catalog records"
          orientation={orientation}
          fullWidth={orientation === 'vertical'}
        />
        {kind !== 'modifierGroups' && (
          <TextInput
            label="Search"
            placeholder="Name or POS reference"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            w={280}
            type="search"
          />
        )}
      </Group>
      {kind === 'products' && <ProductList {...ids} search={debounced} snoozing={snoozing} />}
      {kind === 'categories' && <SimpleList {...ids} search={debounced} kind="categories" />}
      {kind === 'modifiers' && <SimpleList {...ids} search={debounced} kind="modifiers" snoozing={snoozing} />}
      {kind === 'modifierGroups' && <SimpleList {...ids} search="" kind="modifierGroups" />}
    </Stack>
  );
}

function ProductList({ accountId, locationId, search, snoozing }: Ids & { search: string; snoozing: Snoozing }) {
  const cursor = useSearchCursor(search);
  const { data, loading, error, previousData } = useQuery(PRODUCTS, {
    variables: { accountId, locationId, nextPageKey: cursor.pageKey, search: search || undefined },
  });
  const shown = data ?? previousData;
  if (error) return <ErrorState error={error} />;
  if (!shown) return <LoadingState label="Loading products" />;
  const rows = shown.products.data;
  return (
    <Stack gap="xs" aria-busy={loading}>
      {rows.length === 0 ? (
        <EmptyState>
          {search ? `No product matches "${search}".` : 'No products yet. Sync the catalog from the POS.'}
        </EmptyState>
      ) : (
        // On a phone the POS reference goes under the name and the switch keeps only its (aria) label.
        <Table.ScrollContainer minWidth={300}>
          <Table striped aria-label="Products">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th visibleFrom="sm">POS reference</Table.Th>
                <Table.Th>Price</Table.Th>
                <Table.Th>Availability</Table.Th>
                <Table.Th>Snooze</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((p) => (
                <ProductRow key={p.id} ids={{ accountId, locationId }} product={p} snoozing={snoozing} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pager cursor={cursor} nextPageKey={shown.products.nextPageKey} label="Products" />
    </Stack>
  );
}

type Product = ProductsQuery['products']['data'][number];

/** A product, its "Available online" switch (out of stock when off) and its Snooze menu. */
function ProductRow({ ids, product: p, snoozing }: { ids: Ids; product: Product; snoozing: Snoozing }) {
  const viewer = useViewer();
  const [setShowOnline] = useMutation(SET_SHOW_ONLINE);
  return (
    <Table.Tr data-out-of-stock={!p.showOnline || undefined}>
      <Table.Td>
        <Group gap="xs">
          {p.name}
          {!p.showOnline && (
            <Badge color="red" variant="light">
              Out of stock
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed" hiddenFrom="sm" style={{ overflowWrap: 'anywhere' }}>
          {p.posReference}
        </Text>
      </Table.Td>
      <Table.Td visibleFrom="sm">{p.posReference}</Table.Td>
      <Table.Td>{formatMoney(p.price)}</Table.Td>
      <Table.Td>
        <Switch
          label={
            <Box component="span" visibleFrom="sm">
              Available online
            </Box>
          }
          aria-label={`${p.name} available online`}
          checked={p.showOnline}
          disabled={!viewer.permissions.editCatalog}
          onChange={(e) => {
            const showOnline = e.currentTarget.checked;
            // taxRateIds are sent back as they are: omitted would clear them.
            setShowOnline({
              variables: { ...ids, id: p.id, input: { show_online: showOnline, taxRateIds: p.taxRateIds } },
            })
              .then(() => notifyDone(`${p.name} is ${showOnline ? 'available online' : 'out of stock'}`))
              .catch(notifyFailure);
          }}
        />
      </Table.Td>
      <Table.Td>
        <SnoozeCell
          ids={ids}
          item={{ kind: 'PRODUCT' as SnoozeKind, posReference: p.posReference, name: p.name }}
          snoozing={snoozing}
        />
      </Table.Td>
    </Table.Tr>
  );
}

/** Categories, modifiers and modifier groups: read-only lists with the fields that identify them. */
function SimpleList({
  accountId,
  locationId,
  search,
  kind,
  snoozing,
}: Ids & { search: string; kind: Exclude<Kind, 'products'>; snoozing?: Snoozing }) {
  const cursor = useSearchCursor(search);
  const { error, page } = useSimplePage({ accountId, locationId, search, kind, pageKey: cursor.pageKey });
  const label = KINDS.find((k) => k.value === kind)!.label;
  if (error) return <ErrorState error={error} />;
  if (!page) return <LoadingState label={`Loading ${label.toLowerCase()}`} />;
  const rows: { id: string; cells: ReactNode[] }[] = page.data.map((r) => ({
    id: r.id,
    cells: [
      r.name,
      r.posReference,
      thirdCell(r),
      ...(snoozing
        ? [
            <SnoozeCell
              key="snooze"
              ids={{ accountId, locationId }}
              item={{ kind: 'MODIFIER' as SnoozeKind, posReference: r.posReference, name: r.name }}
              snoozing={snoozing}
            />,
          ]
        : []),
    ],
  }));
  const third = kind === 'modifiers' ? 'Price' : kind === 'modifierGroups' ? 'Choices' : 'Online';
  return (
    <Stack gap="xs">
      {rows.length === 0 ? (
        <EmptyState>{search ? `Nothing matches "${search}".` : `No ${label.toLowerCase()} yet.`}</EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={300}>
          <Table striped aria-label={label} style={{ overflowWrap: 'anywhere' }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>POS reference</Table.Th>
                <Table.Th>{third}</Table.Th>
                {snoozing && <Table.Th>Snooze</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.id}>
                  {r.cells.map((c, i) => (
                    <Table.Td key={i}>{c}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pager cursor={cursor} nextPageKey={page.nextPageKey} label={label} />
    </Stack>
  );
}

/** The page of the kind shown (the last one while the next loads); the other kinds' queries are skipped. */
function useSimplePage({
  accountId,
  locationId,
  search,
  kind,
  pageKey,
}: Ids & { search: string; kind: Exclude<Kind, 'products'>; pageKey: string | undefined }) {
  const variables = { accountId, locationId, nextPageKey: pageKey, search: search || undefined };
  const categories = useQuery(CATEGORIES, { variables, skip: kind !== 'categories' });
  const modifiers = useQuery(MODIFIERS, { variables, skip: kind !== 'modifiers' });
  const groups = useQuery(MODIFIER_GROUPS, {
    variables: { accountId, locationId, nextPageKey: pageKey },
    skip: kind !== 'modifierGroups',
  });
  const query = kind === 'categories' ? categories : kind === 'modifiers' ? modifiers : groups;
  const page =
    kind === 'categories'
      ? (categories.data ?? categories.previousData)?.categories
      : kind === 'modifiers'
        ? (modifiers.data ?? modifiers.previousData)?.modifiers
        : (groups.data ?? groups.previousData)?.modifierGroups;
  return { error: query.error, page };
}

type SimpleRow = NonNullable<ReturnType<typeof useSimplePage>['page']>['data'][number];

/** A modifier's price, a group's choices ("1 to 3", "0 to any"), whether a category is shown online. */
function thirdCell(r: SimpleRow): string {
  if ('price' in r) return formatMoney(r.price);
  if ('minPermitted' in r) return `${r.minPermitted} to ${r.maxPermitted || 'any'}`;
  if ('show_online' in r) return r.show_online ? 'Shown' : 'Hidden';
  return '';
}
