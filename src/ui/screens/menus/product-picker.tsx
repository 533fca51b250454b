import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { formatMoney } from '../../components/money';
import { ErrorState, LoadingState } from '../../components/states';
import type { ProductChoicesQuery } from '../../gql/graphql';
import { ADD_MENU_ITEM, MENU, PRODUCT_CHOICES } from './menu-documents';
import { notifyFailure } from '../../components/notify';

interface Props {
  ids: { accountId: string; locationId: string; menuId: string };
  /** Products already in the menu: offered as "In the menu", not again (the server would answer 409). */
  inMenu: Set<string>;
  currency: string;
}

/** Finds catalog products on the server (name or POS reference) and adds them to the menu, last. */
export function ProductPicker({ ids, inMenu, currency }: Props) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const { data, previousData, loading, error } = useQuery(PRODUCT_CHOICES, {
    variables: {
      accountId: ids.accountId,
      locationId: ids.locationId,
      search: debounced || undefined,
    },
  });
  const [add] = useMutation(ADD_MENU_ITEM, {
    refetchQueries: [MENU],
    awaitRefetchQueries: true,
  });
  const [adding, setAdding] = useState<string | null>(null);
  const shown = (data ?? previousData)?.products;

  const onAdd = async (product: { id: string; name: string }) => {
    setAdding(product.id);
    // Success shows as the new row in the items table; only a refusal needs words.
    await add({ variables: { ...ids, productId: product.id } })
      .catch(notifyFailure)
      .finally(() => setAdding(null));
  };

  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <TextInput
          label="Search products"
          description="Add products from the catalog: search by name or POS reference"
          placeholder="e.g. pizza"
          type="search"
          maw={420}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        {error && <ErrorState error={error} />}
        {!shown && !error && <LoadingState label="Loading products" />}
        {shown && (
          <Stack
            gap={4}
            aria-busy={loading}
            role="list"
            aria-label="Catalog products"
            mah={260}
            style={{ overflowY: 'auto' }}
          >
            {shown.data.length === 0 && (
              <Text c="dimmed" size="sm" py="xs">
                {debounced
                  ? `No product matches "${debounced}".`
                  : 'The catalog has no products yet. Sync it from the POS on the Catalog tab.'}
              </Text>
            )}
            {shown.data.map((p) => (
              <ProductChoice
                key={p.id}
                product={p}
                currency={currency}
                inMenu={inMenu.has(p.id)}
                adding={adding === p.id}
                onAdd={() => onAdd(p)}
              />
            ))}
            {shown.hasNextPage && (
              <Text size="xs" c="dimmed">
                More products match: type more of the name to narrow the list.
              </Text>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/** A product found: its name, reference, price and stock, and Add (or "In the menu" once it is). */
function ProductChoice({
  product: p,
  currency,
  inMenu,
  adding,
  onAdd,
}: {
  product: ProductChoicesQuery['products']['data'][number];
  currency: string;
  inMenu: boolean;
  adding: boolean;
  onAdd(): void;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" role="listitem" aria-label={p.name}>
      <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
        <Text size="sm" fw={500}>
          {p.name}
        </Text>
        <Text size="xs" c="dimmed">
          {p.posReference} · {formatMoney(p.price, currency)}
        </Text>
        {!p.showOnline && (
          <Badge color="red" variant="light" size="sm">
            Out of stock
          </Badge>
        )}
      </Group>
      {inMenu ? (
        <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
          In the menu
        </Badge>
      ) : (
        <Button
          size="xs"
          variant="light"
          aria-label={`Add ${p.name}`}
          loading={adding}
          onClick={onAdd}
          style={{ flexShrink: 0 }}
        >
          Add
        </Button>
      )}
    </Group>
  );
}
