import { useMutation } from '@apollo/client/react';
import { Alert, Checkbox, Modal, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { messageOf } from '../../components/errors';
import { SubmitRow } from '../../components/form-footer';
import { UPDATE_MENU_ITEM } from './menu-documents';

interface Props {
  ids: { accountId: string; locationId: string; menuId: string };
  item: { id: string; name: string; taxRateIds: string[] } | null;
  taxRates: { posReference: string; name: string }[];
  onClose(): void;
}

/**
 * Sets the menu's own tax rates for one item (the override). Starts from what the item has now, so saving
 * without a change pins today's product rates; none ticked is an override too: no tax on this menu.
 */
export function TaxOverrideDialog({ ids, item, taxRates, onClose }: Props) {
  return (
    <Modal opened={item !== null} onClose={onClose} title={item ? `Tax rates of ${item.name} on this menu` : ''}>
      {item && <OverrideForm key={item.id} ids={ids} item={item} taxRates={taxRates} onClose={onClose} />}
    </Modal>
  );
}

function OverrideForm({ ids, item, taxRates, onClose }: Omit<Props, 'item'> & { item: NonNullable<Props['item']> }) {
  const [chosen, setChosen] = useState<string[]>(item.taxRateIds);
  const [save, { loading, error }] = useMutation(UPDATE_MENU_ITEM);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const result = await save({
      variables: { ...ids, id: item.id, taxRateIds: chosen },
    }).catch(() => null);
    if (result?.data) onClose();
  }

  return (
    <form onSubmit={onSubmit}>
      <Stack>
        <Text size="sm">These rates apply to {item.name} on this menu only, instead of its product's. Clear the override later to follow the product again.</Text>
        {taxRates.length === 0 ? (
          <Text size="sm" c="dimmed">
            This location has no tax rates yet: the override would be "no tax rate".
          </Text>
        ) : (
          <Checkbox.Group label="Tax rates" value={chosen} onChange={setChosen}>
            <Stack gap="xs" mt="xs">
              {taxRates.map((rate) => (
                <Checkbox key={rate.posReference} value={rate.posReference} label={`${rate.name} (${rate.posReference})`} />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
        {error && (
          <Alert color="red" role="alert">
            {messageOf(error)}
          </Alert>
        )}
        <SubmitRow label="Save override" loading={loading} />
      </Stack>
    </form>
  );
}
