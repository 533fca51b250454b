import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { otherFieldErrors } from '../../components/errors';
import { useFieldErrors } from '../../components/field-errors';
import { FormError, SubmitRow } from '../../components/form-footer';
import { notifyDone } from '../../components/notify';
import { ErrorState, LoadingState } from '../../components/states';
import type { OpeningHoursFieldsFragment } from '../../gql/graphql';
import { useHubRules } from '../../hub-rules';
import { useViewer } from '../../viewer';
import { OPENING_HOURS, SET_OPENING_HOURS } from './availability-documents';
import { HolidaysEditor, type EditableHoliday } from './holidays-editor';
import { inSentOrder, newKey, WeekGrid, type EditableRange } from './week-grid';
import { fromLocalInput, toLocalInput } from './zoned-input';

// A location's opening hours: the week, each connected marketplace's own week where it has one, and holiday
// closures, saved as one document (the server checks it whole and names what is wrong). Times are on the
// location's clock; marketplaces are told what applies to each of them when it is saved.

type Ids = { accountId: string; locationId: string };

/** The paths a field of the form shows the error of (a range, its times; a holiday's fields). */
const SHOWN_BY_A_FIELD =
  /^(\/overrides\/\d+)?\/openingHours\/\d+(\/(start|end|dayOfWeek))?$|^\/holidays\/\d+\/(from|to|reason)$/;
type Range = { dayOfWeek: number; start: string; end: string };

const editable = (ranges: readonly Range[]): EditableRange[] =>
  ranges.map(({ dayOfWeek, start, end }) => ({ key: newKey(), dayOfWeek, start, end }));
const sent = (ranges: EditableRange[]): Range[] =>
  inSentOrder(ranges).map(({ dayOfWeek, start, end }) => ({ dayOfWeek, start, end }));

export function OpeningHoursTab({ accountId, locationId, timeZone }: Ids & { timeZone: string }) {
  // The marketplaces that may have hours of their own: every connection the API lists at once (hubRules.maxPageLimit).
  const { maxPageLimit } = useHubRules();
  const query = useQuery(OPENING_HOURS, { variables: { accountId, locationId, limit: maxPageLimit } });
  if (query.error) return <ErrorState error={query.error} />;
  if (!query.data) return <LoadingState label="Loading the opening hours" />;
  const marketplaces = query.data.connections.data.filter((c) => c.kind === 'MARKETPLACE' && c.status === 'ACTIVE');
  return (
    <OpeningHoursForm
      ids={{ accountId, locationId }}
      timeZone={timeZone}
      saved={query.data.openingHours}
      marketplaces={marketplaces.map((m) => ({ id: m.id, name: m.applicationName }))}
    />
  );
}

interface FormProps {
  ids: Ids;
  timeZone: string;
  saved: OpeningHoursFieldsFragment;
  marketplaces: { id: string; name: string }[];
}

/** The form's state, the document it saves, and the server's messages placed on the fields they are about. */
function useOpeningHoursForm({ ids, timeZone, saved, marketplaces }: FormProps) {
  const [week, setWeek] = useState(() => editable(saved.openingHours));
  const [own, setOwn] = useState<Record<string, EditableRange[]>>(() =>
    Object.fromEntries(saved.overrides.map((o) => [o.connectionId, editable(o.openingHours)])),
  );
  const [holidays, setHolidays] = useState<EditableHoliday[]>(() =>
    saved.holidays.map((h) => ({
      key: newKey(),
      from: toLocalInput(h.from, timeZone),
      to: toLocalInput(h.to, timeZone),
      reason: h.reason ?? '',
    })),
  );
  const [save, { loading, error }] = useMutation(SET_OPENING_HOURS);
  const overridden = marketplaces.filter((m) => own[m.id]);
  const input = {
    openingHours: sent(week),
    overrides: overridden.map((m) => ({ connectionId: m.id, openingHours: sent(own[m.id]) })),
    holidays: holidays.map((h) => ({
      from: fromLocalInput(h.from, timeZone) ?? h.from,
      to: fromLocalInput(h.to, timeZone) ?? h.to,
      reason: h.reason.trim() || null,
    })),
  };
  const { fields, all } = useFieldErrors(error, input);
  const rangeErrors = (prefix: string, ranges: EditableRange[]) => (range: EditableRange, field: string) => {
    const path = `${prefix}/${inSentOrder(ranges).indexOf(range)}${field ? `/${field}` : ''}`;
    return fields[path] ?? (field === '' ? fields[`${path}/dayOfWeek`] : undefined);
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const answer = await save({ variables: { ...ids, input } }).catch(() => null);
    if (answer?.data) notifyDone('Opening hours saved; the marketplaces are told');
  }

  const holidayErrors = (index: number, field: string) => fields[`/holidays/${index}/${field}`];
  return {
    week,
    setWeek,
    own,
    setOwn,
    overridden,
    holidays,
    setHolidays,
    rangeErrors,
    holidayErrors,
    fields,
    all,
    error,
    loading,
    onSubmit,
  };
}

type HoursForm = ReturnType<typeof useOpeningHoursForm>;

function OpeningHoursForm(props: FormProps) {
  const { timeZone, marketplaces } = props;
  const viewer = useViewer();
  const readOnly = !viewer.permissions.editLocations;
  const form = useOpeningHoursForm(props);
  return (
    <form onSubmit={form.onSubmit} aria-label="Opening hours">
      <Stack gap="lg">
        <Paper withBorder p="md">
          <Stack gap="xs">
            <Title order={3}>Every week</Title>
            <Text size="sm" c="dimmed">
              Times in {timeZone}. No hours at all: open whenever the store is not paused or on holiday. Hours past
              midnight go on the next day (Friday 18:00–00:00, then Saturday 00:00–02:00).
            </Text>
            <WeekGrid
              ranges={form.week}
              onChange={form.setWeek}
              errorOf={form.rangeErrors('/openingHours', form.week)}
              readOnly={readOnly}
            />
          </Stack>
        </Paper>
        {marketplaces.length > 0 && <MarketplaceHours form={form} marketplaces={marketplaces} readOnly={readOnly} />}
        <Paper withBorder p="md">
          <Stack gap="xs">
            <Title order={3}>Holidays</Title>
            <HolidaysEditor
              holidays={form.holidays}
              onChange={form.setHolidays}
              errorOf={form.holidayErrors}
              timeZone={timeZone}
              readOnly={readOnly}
            />
          </Stack>
        </Paper>
        <Unplaced errors={otherFieldErrors(form.fields, (path) => SHOWN_BY_A_FIELD.test(path))} />
        <FormError error={form.error} fields={form.all} />
        {!readOnly && <SubmitRow label="Save opening hours" loading={form.loading} />}
      </Stack>
    </form>
  );
}

/** A marketplace given its own week starts from a copy of the location's; switched off, it follows that again. */
function MarketplaceHours({
  form,
  marketplaces,
  readOnly,
}: {
  form: HoursForm;
  marketplaces: FormProps['marketplaces'];
  readOnly: boolean;
}) {
  const { own, setOwn, week, overridden } = form;
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={3}>Marketplaces with their own hours</Title>
        {marketplaces.map((m) => (
          <Stack key={m.id} gap="xs">
            <Switch
              label={`${m.name} has its own hours`}
              checked={Boolean(own[m.id])}
              disabled={readOnly}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                setOwn(({ [m.id]: _, ...rest }) => (on ? { ...rest, [m.id]: editable(sent(week)) } : rest));
              }}
            />
            {own[m.id] && (
              <WeekGrid
                owner={m.name}
                ranges={own[m.id]}
                onChange={(ranges) => setOwn((all) => ({ ...all, [m.id]: ranges }))}
                errorOf={form.rangeErrors(`/overrides/${overridden.indexOf(m)}/openingHours`, own[m.id])}
                readOnly={readOnly}
              />
            )}
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}

/** Field errors no field of the form shows (a marketplace disconnected meanwhile, say). */
function Unplaced({ errors }: { errors: string[] }) {
  if (errors.length === 0) return null;
  return (
    <Alert color="red" role="alert" title="Not saved">
      {errors.map((e) => (
        <Text key={e} size="sm">
          {e}
        </Text>
      ))}
    </Alert>
  );
}
