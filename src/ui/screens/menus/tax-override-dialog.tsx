import { useMutation } from '@apollo/client/react';
import { Alert, Checkbox, Modal, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { messageOf } from '../../components/errors';
import { SubmitRow } from '../../components/form-footer';
import { UPDATE_MENU_ITEM, UPDATE_MENU_MODIFIER } from './menu-documents';

interface Props {
  /** A menu item overrides its product's rates; a menu modifier its catalog modifier's. */
  kind: 'item' | 'modifier';
  ids: { accountId: string; locationId: string; menuId: string };
  entry: { id: string; name: string; taxRateIds: string[] } | null;
  taxRates: { posReference: string; name: string }[];
  onClose(): void;
}

/**
 * Sets the menu's own tax rates for one item or modifier (the override). Starts from what it has now, so
 * saving without a change pins today's catalog rates; none ticked is an override too: no tax on this menu.
 */
export function TaxOverrideDialog({ kind, ids, entry, taxRates, onClose }: Props) {
  return (
    <Modal opened={entry !== null} onClose={onClose} title={entry ? `Tax rates of ${entry.name} on this menu` : ''}>
      {entry && (
        <OverrideForm key={entry.id} kind={kind} ids={ids} entry={entry} taxRates={taxRates} onClose={onClose} />
      )}
    </Modal>
  );
}

function OverrideForm({
  kind,
  ids,
  entry,
  taxRates,
  onClose,
}: Omit<Props, 'entry'> & { entry: NonNullable<Props['entry']> }) {
  const [chosen, setChosen] = useState<string[]>(entry.taxRateIds);
  const [saveItem, itemSaving] = useMutation(UPDATE_MENU_ITEM);
  const [saveModifier, modifierSaving] = useMutation(UPDATE_MENU_MODIFIER);
  const { loading, error } = kind === 'item' ? itemSaving : modifierSaving;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const variables = { ...ids, id: entry.id, taxRateIds: chosen };
    const result = await (kind === 'item' ? saveItem({ variables }) : saveModifier({ variables })).catch(() => null);
    if (result?.data) onClose();
  }

  return (
    <form onSubmit={onSubmit}>
      <Stack>
        <Text size="sm">
          These rates apply to {entry.name} on this menu only, instead of{' '}
          {kind === 'item' ? "its product's" : "the catalog modifier's"}. Clear the override later to follow the
          {kind === 'item' ? ' product' : ' catalog'} again.
        </Text>
        {taxRates.length === 0 ? (
          <Text size="sm" c="dimmed">
            This location has no tax rates yet: the override would be "no tax rate".
          </Text>
        ) : (
          <Checkbox.Group label="Tax rates" value={chosen} onChange={setChosen}>
            <Stack gap="xs" mt="xs">
              {taxRates.map((rate) => (
                <Checkbox
                  key={rate.posReference}
                  value={rate.posReference}
                  label={`${rate.name} (${rate.posReference})`}
                />
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
