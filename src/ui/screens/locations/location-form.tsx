import { useMutation } from '@apollo/client/react';
import { Alert, Group, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { otherFieldErrors } from '../../components/errors';
import { useFieldErrors } from '../../components/field-errors';
import { graphql } from '../../gql';
import type { LocationSettingsFragment } from '../../gql/graphql';
import { useViewer } from '../../viewer';
import { useHubRules } from '../../hub-rules';
import { fromTaxRate, TaxRateEditor, toTaxRateInput, type TaxRateRow } from './tax-rate-editor';
import { SubmitRow } from '../../components/form-footer';
import { notifyDone } from '../../components/notify';

/** What the form edits: read by the location screen, answered by the save, so both hold the same fields. A fragment the documents spread by name; codegen reads it from this call. */
graphql(`
  fragment LocationSettings on Location {
    id
    name
    currency
    timezone
    taxRates {
      posReference
      name
      type
      rate
      inclusive
      isDefault
    }
  }
`);

const UPDATE_LOCATION = graphql(`
  mutation UpdateLocation($accountId: ID!, $id: ID!, $input: UpdateLocationInput!) {
    updateLocation(accountId: $accountId, id: $id, input: $input) {
      ...LocationSettings
    }
  }
`);

type Location = LocationSettingsFragment;

/** Name, currency, timezone and the tax rates, saved together; every server error next to its field. */
export function LocationForm({ accountId, location }: { accountId: string; location: Location }) {
  const viewer = useViewer();
  const editable = viewer.permissions.editLocations;
  const percentScale = useHubRules().taxRatePercentScale;
  const [form, setForm] = useState({ name: location.name, currency: location.currency, timezone: location.timezone });
  const [rates, setRates] = useState<TaxRateRow[]>(() =>
    location.taxRates.map((rate) => fromTaxRate(rate, percentScale)),
  );
  const [update, { loading, error }] = useMutation(UPDATE_LOCATION);
  const set = (key: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm({ ...form, [key]: e.currentTarget.value });
  const input = { ...form, taxRates: rates.map((row) => toTaxRateInput(row, percentScale)) };
  const { fields, all } = useFieldErrors(error, input);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const result = await update({ variables: { accountId, id: location.id, input } }).catch(() => null);
    if (!result?.data) return;
    // The server's version: generated posReferences appear, stored rates as the server keeps them.
    setRates(result.data.updateLocation.taxRates.map((rate) => fromTaxRate(rate, percentScale)));
    notifyDone('Location saved');
  }

  const others = otherFieldErrors(
    all,
    (path) => ['/name', '/currency', '/timezone'].includes(path) || path.startsWith('/taxRates/'),
  );
  return (
    <form onSubmit={onSubmit}>
      <Stack maw={900}>
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label="Location name"
            required
            value={form.name}
            onChange={set('name')}
            error={fields['/name']}
            readOnly={!editable}
            miw={200}
          />
          <TextInput
            label="Currency"
            value={form.currency}
            onChange={set('currency')}
            error={fields['/currency']}
            readOnly={!editable}
            miw={120}
          />
          <TextInput
            label="Timezone"
            value={form.timezone}
            onChange={set('timezone')}
            error={fields['/timezone']}
            readOnly={!editable}
            miw={160}
          />
        </Group>
        <TaxRateEditor rows={rates} onChange={setRates} errors={fields} editable={editable} />
        {error && (Object.keys(all).length === 0 || others.length > 0) && (
          <Alert color="red" role="alert" title="The location was not saved">
            {others.length ? others.join('; ') : error.message}
          </Alert>
        )}
        {editable && <SubmitRow label="Save location" loading={loading} />}
      </Stack>
    </form>
  );
}
