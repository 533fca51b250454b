import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { TaxRateInput, TaxRateType } from '../../gql/graphql';
import { useHubRules } from '../../hub-rules';

// The tax-rate rules, as the SDL states them: posReference optional (the hub generates a UUID when
// it is left empty, shown after saving), type FIXED or PERCENTAGE, a PERCENTAGE rate typed as a percentage
// and stored as percent × the hub's taxRatePercentScale (the stored value is shown), FIXED in the currency's
// smallest unit.

export interface TaxRateRow {
  posReference: string;
  name: string;
  type: TaxRateType;
  /** What the operator typed: a percentage for PERCENTAGE, minor units for FIXED. */
  amount: number | string;
  inclusive: boolean;
  isDefault: boolean;
}

export function fromTaxRate(
  rate: {
    posReference: string;
    name: string;
    type: TaxRateType;
    rate: number;
    inclusive: boolean;
    isDefault: boolean;
  },
  percentScale: number,
): TaxRateRow {
  return { ...rate, amount: rate.type === 'PERCENTAGE' ? rate.rate / percentScale : rate.rate };
}

/** The stored integer for what was typed; NaN when nothing usable was typed (the server then says why). */
function storedRate(row: Pick<TaxRateRow, 'type' | 'amount'>, percentScale: number): number {
  const value = typeof row.amount === 'number' ? row.amount : Number.parseFloat(row.amount);
  return row.type === 'PERCENTAGE' ? Math.round(value * percentScale) : Math.round(value);
}

export function toTaxRateInput(row: TaxRateRow, percentScale: number): TaxRateInput {
  const rate = storedRate(row, percentScale);
  return {
    ...(row.posReference.trim() ? { posReference: row.posReference.trim() } : {}),
    name: row.name,
    type: row.type,
    rate: Number.isFinite(rate) ? rate : -1,
    inclusive: row.inclusive,
    isDefault: row.isDefault,
  };
}

const EMPTY: TaxRateRow = {
  posReference: '',
  name: '',
  type: 'PERCENTAGE',
  amount: '',
  inclusive: false,
  isDefault: false,
};

export function TaxRateEditor({
  rows,
  onChange,
  errors,
  editable,
}: {
  rows: TaxRateRow[];
  onChange: (rows: TaxRateRow[]) => void;
  errors: Record<string, string>;
  editable: boolean;
}) {
  return (
    <Stack gap="sm">
      <Text fw={600}>Tax rates</Text>
      {rows.length === 0 && (
        <Text c="dimmed" size="sm">
          No tax rates.
        </Text>
      )}
      {rows.map((row, i) => (
        <TaxRateFieldset
          key={i}
          row={row}
          index={i}
          errors={errors}
          editable={editable}
          onChange={(patch) => onChange(rows.map((other, j) => (j === i ? { ...other, ...patch } : other)))}
          onRemove={() => onChange(rows.filter((_, j) => j !== i))}
        />
      ))}
      {errors['/taxRates'] && (
        <Text c="red" size="sm" role="alert">
          {errors['/taxRates']}
        </Text>
      )}
      {editable && (
        <Group>
          <Button variant="light" onClick={() => onChange([...rows, { ...EMPTY }])}>
            Add tax rate
          </Button>
        </Group>
      )}
    </Stack>
  );
}

interface RowProps {
  row: TaxRateRow;
  index: number;
  /** The server's messages by field path (/taxRates/0/name). */
  errors: Record<string, string>;
  editable: boolean;
  onChange(patch: Partial<TaxRateRow>): void;
}

function TaxRateFieldset({ onRemove, ...props }: RowProps & { onRemove(): void }) {
  const { row, index: i, errors, editable, onChange } = props;
  const path = `/taxRates/${i}`;
  return (
    <Fieldset legend={`Tax rate ${i + 1}${row.name ? `: ${row.name}` : ''}`}>
      <Group align="flex-start" wrap="wrap" grow>
        <TextInput
          label="Name"
          required
          value={row.name}
          onChange={(e) => onChange({ name: e.currentTarget.value })}
          error={errors[`${path}/name`]}
          readOnly={!editable}
          miw={140}
        />
        <TextInput
          label="POS reference"
          description="Optional: the hub generates one"
          value={row.posReference}
          onChange={(e) => onChange({ posReference: e.currentTarget.value })}
          error={errors[`${path}/posReference`]}
          readOnly={!editable}
          miw={200}
        />
      </Group>
      <RateValue {...props} />
      {errors[`${path}/type`] && (
        <Text c="red" size="sm" role="alert">
          {errors[`${path}/type`]}
        </Text>
      )}
      {editable && (
        <Group justify="flex-end">
          <Button variant="subtle" color="red" size="xs" onClick={onRemove}>
            Remove tax rate {i + 1}
          </Button>
        </Group>
      )}
    </Fieldset>
  );
}

/** The rate's type, its amount (with the integer it is stored as), and whether it is inclusive and the default. */
function RateValue({ row, index: i, errors, editable, onChange }: RowProps) {
  const percentScale = useHubRules().taxRatePercentScale;
  const path = `/taxRates/${i}`;
  const stored = storedRate(row, percentScale);
  return (
    <Group align="flex-start" wrap="wrap" mt="xs">
      <Stack gap={4}>
        <Text size="sm" fw={500} id={`tax-type-${i}`}>
          Type
        </Text>
        <SegmentedControl
          aria-labelledby={`tax-type-${i}`}
          value={row.type}
          disabled={!editable}
          onChange={(type) => onChange({ type: type as TaxRateType })}
          data={[
            { value: 'PERCENTAGE', label: 'Percentage' },
            { value: 'FIXED', label: 'Fixed amount' },
          ]}
        />
      </Stack>
      <NumberInput
        label={row.type === 'PERCENTAGE' ? 'Rate (%)' : 'Amount (smallest currency unit)'}
        description={
          Number.isFinite(stored)
            ? `Stored value: ${stored}`
            : row.type === 'PERCENTAGE'
              ? `Stored as percent × ${percentScale}`
              : 'Stored as typed'
        }
        value={row.amount}
        onChange={(amount) => onChange({ amount })}
        decimalScale={row.type === 'PERCENTAGE' ? Math.round(Math.log10(percentScale)) : 0}
        error={errors[`${path}/rate`]}
        readOnly={!editable}
        required
        w={220}
      />
      <Stack gap="xs" pt={24}>
        <Checkbox
          label="Inclusive"
          checked={row.inclusive}
          onChange={(e) => onChange({ inclusive: e.currentTarget.checked })}
          disabled={!editable}
          error={errors[`${path}/inclusive`]}
        />
        <Checkbox
          label="Default"
          checked={row.isDefault}
          onChange={(e) => onChange({ isDefault: e.currentTarget.checked })}
          disabled={!editable}
          error={errors[`${path}/isDefault`]}
        />
      </Stack>
    </Group>
  );
}
