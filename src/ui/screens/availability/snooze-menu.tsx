import { useMutation } from '@apollo/client/react';
import { Button, Group, Menu, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { messageOf } from '../../components/errors';
import { notifyDone, notifyFailure } from '../../components/notify';
import { formatWhenIn } from '../../components/time';
import type { SnoozeKind, SnoozesQuery } from '../../gql/graphql';
import { SNOOZE_ITEMS, SNOOZES } from './availability-documents';
import { fromLocalInput, toLocalInput } from './zoned-input';

// Snooze a product or modifier: not for sale until a time, when the hub takes it back by itself and tells the
// marketplaces. The presets' times come from the server (snoozeChoices: the location's clock and hours);
// "Custom time" is typed on the location's clock.

export interface Snoozable {
  kind: SnoozeKind;
  posReference: string;
  name: string;
}

interface Props {
  ids: { accountId: string; locationId: string };
  item: Snoozable;
  choices: SnoozesQuery['snoozeChoices'] | undefined;
  timeZone: string;
}

export function SnoozeMenu({ ids, item, choices, timeZone }: Props) {
  const [snooze, { loading }] = useMutation(SNOOZE_ITEMS, { refetchQueries: [SNOOZES] });
  const [custom, setCustom] = useState<string | null>(null);
  const [customError, setCustomError] = useState<string | null>(null);
  const until = async (iso: string) => {
    await snooze({
      variables: { ...ids, input: { items: [{ kind: item.kind, posReference: item.posReference, until: iso }] } },
    });
    notifyDone(`${item.name} is snoozed until ${formatWhenIn(iso, timeZone)}`);
  };
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" size="xs" loading={loading} aria-label={`Snooze ${item.name}`}>
            Snooze
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Not for sale until</Menu.Label>
          <Menu.Item disabled={!choices} onClick={() => choices && until(choices.oneHour).catch(notifyFailure)}>
            1 hour
          </Menu.Item>
          <Menu.Item
            disabled={!choices?.untilClosing}
            onClick={() => choices?.untilClosing && until(choices.untilClosing).catch(notifyFailure)}
          >
            {choices?.untilClosing
              ? `Until closing (${formatWhenIn(choices.untilClosing, timeZone)})`
              : 'Until closing'}
          </Menu.Item>
          <Menu.Item disabled={!choices} onClick={() => choices && until(choices.untilTomorrow).catch(notifyFailure)}>
            Until tomorrow
          </Menu.Item>
          <Menu.Item
            onClick={() => {
              setCustomError(null);
              setCustom(choices ? toLocalInput(choices.oneHour, timeZone) : '');
            }}
          >
            Custom time…
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal opened={custom !== null} onClose={() => setCustom(null)} title={`Snooze ${item.name}`}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const iso = custom ? fromLocalInput(custom, timeZone) : null;
            if (!iso) return setCustomError('Choose a date and time');
            until(iso)
              .then(() => setCustom(null))
              .catch((error: unknown) => setCustomError(messageOf(error)));
          }}
        >
          <Stack>
            <TextInput
              type="datetime-local"
              label={`Not for sale until (${timeZone})`}
              value={custom ?? ''}
              onChange={(e) => setCustom(e.currentTarget.value)}
              error={customError}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button type="submit" loading={loading}>
                Snooze until then
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
