import { useMutation, useQuery } from '@apollo/client/react';
import { NumberInput, Paper, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useFieldErrors } from '../../components/field-errors';
import { FormError, SubmitRow } from '../../components/form-footer';
import { notifyDone } from '../../components/notify';
import { ErrorState, LoadingState } from '../../components/states';
import { graphql } from '../../gql';
import type { AfterDeadline, OrderSettingsFieldsFragment } from '../../gql/graphql';
import { useViewer } from '../../viewer';

// A location's order settings (docs/acceptance-deadline.md): how long the kitchen has to accept an order and
// what the hub does then, and how long a partner's deliveries may fail before the home screen, the board and the
// delivery log say so. Saved as one document; the server checks it and names a field it refuses.

graphql(`
  fragment OrderSettingsFields on OrderSettings {
    acceptanceDeadlineMinutes
    afterDeadline
    deliveryAlertMinutes
  }
`);

const ORDER_SETTINGS = graphql(`
  query OrderSettings($accountId: ID!, $locationId: ID!) {
    orderSettings(accountId: $accountId, locationId: $locationId) {
      ...OrderSettingsFields
    }
  }
`);

const SET_ORDER_SETTINGS = graphql(`
  mutation SetOrderSettings($accountId: ID!, $locationId: ID!, $input: OrderSettingsInput!) {
    setOrderSettings(accountId: $accountId, locationId: $locationId, input: $input) {
      ...OrderSettingsFields
    }
  }
`);

const ACTIONS: { value: AfterDeadline; label: string }[] = [
  { value: 'NOTHING' as AfterDeadline, label: 'Only warn: the order waits for the kitchen' },
  { value: 'REJECT' as AfterDeadline, label: 'Reject it: "not accepted in time"' },
  { value: 'ACCEPT' as AfterDeadline, label: 'Accept it automatically' },
];

type Ids = { accountId: string; locationId: string };

export function OrderSettingsTab(ids: Ids) {
  const query = useQuery(ORDER_SETTINGS, { variables: ids });
  if (query.error) return <ErrorState error={query.error} />;
  if (!query.data) return <LoadingState label="Loading the order settings" />;
  return <OrderSettingsForm ids={ids} saved={query.data.orderSettings} />;
}

/** The form's fields as edited, the document they save, and the server's messages by field. */
function useOrderSettingsForm(ids: Ids, saved: OrderSettingsFieldsFragment) {
  const [deadlineOn, setDeadlineOn] = useState(saved.acceptanceDeadlineMinutes !== null);
  const [deadline, setDeadline] = useState<number | string>(saved.acceptanceDeadlineMinutes ?? 5);
  const [action, setAction] = useState<AfterDeadline>(saved.afterDeadline);
  const [alertAfter, setAlertAfter] = useState<number | string>(saved.deliveryAlertMinutes);
  const [save, { loading, error }] = useMutation(SET_ORDER_SETTINGS);
  const input = {
    acceptanceDeadlineMinutes: deadlineOn ? Number(deadline) : null,
    afterDeadline: action,
    deliveryAlertMinutes: Number(alertAfter),
  };
  const { fields } = useFieldErrors(error, input);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const answer = await save({ variables: { ...ids, input } }).catch(() => null);
    if (answer?.data) notifyDone('Order settings saved');
  }

  return {
    ...{ deadlineOn, setDeadlineOn, deadline, setDeadline, action, setAction, alertAfter, setAlertAfter },
    ...{ fields, error, loading, onSubmit },
  };
}

type SettingsForm = ReturnType<typeof useOrderSettingsForm>;

function OrderSettingsForm({ ids, saved }: { ids: Ids; saved: OrderSettingsFieldsFragment }) {
  const readOnly = !useViewer().permissions.editLocations;
  const form = useOrderSettingsForm(ids, saved);
  return (
    <form onSubmit={form.onSubmit} aria-label="Order settings">
      <Stack gap="lg" maw={560}>
        <DeadlineSettings form={form} readOnly={readOnly} />
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Title order={3}>Failing deliveries</Title>
            <NumberInput
              label="Say so when a partner's deliveries have failed for (minutes)"
              min={1}
              max={1440}
              allowDecimal={false}
              value={form.alertAfter}
              onChange={form.setAlertAfter}
              error={form.fields['/deliveryAlertMinutes']}
              disabled={readOnly}
              w={420}
              maw="100%"
            />
          </Stack>
        </Paper>
        <FormError error={form.error} fields={form.fields} />
        {!readOnly && <SubmitRow label="Save order settings" loading={form.loading} />}
      </Stack>
    </form>
  );
}

/** Whether orders must be accepted in time, within how many minutes, and what the hub does when one is not. */
function DeadlineSettings({ form, readOnly }: { form: SettingsForm; readOnly: boolean }) {
  const { fields } = form;
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={3}>Acceptance deadline</Title>
        <Text size="sm" c="dimmed">
          The board warns while an order&apos;s time runs out. At the deadline the POS and the marketplace are told the
          order is overdue, and the hub does what you choose here.
        </Text>
        <Switch
          label="Orders must be accepted in time"
          checked={form.deadlineOn}
          disabled={readOnly}
          onChange={(e) => form.setDeadlineOn(e.currentTarget.checked)}
        />
        {form.deadlineOn && (
          <>
            <NumberInput
              label="Minutes to accept an order"
              min={1}
              max={1440}
              allowDecimal={false}
              value={form.deadline}
              onChange={form.setDeadline}
              error={fields['/acceptanceDeadlineMinutes']}
              disabled={readOnly}
              w={220}
            />
            <Select
              label="After the deadline"
              data={ACTIONS}
              value={form.action}
              onChange={(value) => value && form.setAction(value as AfterDeadline)}
              error={fields['/afterDeadline']}
              allowDeselect={false}
              disabled={readOnly}
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}
