import { MAX_REPORTED_ERRORS, ValidationError, type FieldError } from '../../common/errors.js';
import { MAX_REFERENCE_LENGTH } from '../locations/index.js';

// The field rules of catalog records (docs/contract.md "Conventions", "Records", "Shapes existing clients send" and
// "Literal rules"), shared by the import, create and patch on every surface, and by the catalog pull (which must refuse
// a wrong-shaped answer with a clear message). Pure functions: every problem is collected with its JSON path, then
// thrown at once.

/**
 * The compatibility fields of existing POS Hub clients (docs/contract.md "Shapes existing clients send"), stored and
 * returned as sent.
 */
export const PASS_THROUGH_FIELDS = [
  'inStorePrice',
  'type',
  'posVersion',
  'originalImageUrl',
  'containsAlcohol',
  'containsTobacco',
  'isBikeFriendly',
  'isTaxIncluded',
  'taxRate',
  'nutritionalInfo',
  'serviceAvailability',
  'fulfillmentTypes',
  'selections',
  'minPermitted',
  'maxPermitted',
  'description',
  'parentId',
] as const;
/**
 * Accepted from existing clients and dropped (docs/contract.md "Shapes existing clients send": "errorMessage
 * (ignored)").
 */
const IGNORED_FIELDS = ['errorMessage'];
/** Read-only fields of our own answers (GET catalog), accepted so a catalog read back can be imported again. */
const READ_ONLY_FIELDS = ['id', 'createdAt', 'updatedAt'];

export type PassThrough = Record<string, unknown>;
export type GroupModifierRef = string | { id?: string; posReference?: string; price?: number; name?: string };

const MIN_PRICE = -2_147_483_648;
const MAX_PRICE = 2_147_483_647;

export interface CategoryFields {
  posReference: string;
  name: string;
  description: string | null;
  position: number;
  showOnline: boolean;
  serviceAvailability: unknown;
}

export interface ProductFields {
  posReference: string;
  name: string;
  price: number;
  categories: string[];
  taxRateIds: string[];
  showOnline: boolean;
  modifierGroups: string[];
  position: number;
  passThrough: PassThrough;
}

export interface ModifierFields {
  posReference: string;
  name: string;
  price: number;
  taxRateIds: string[];
  showOnline: boolean;
  position: number;
  passThrough: PassThrough;
}

export interface ModifierGroupFields {
  posReference: string;
  name: string;
  minPermitted: number;
  maxPermitted: number;
  modifiers: GroupModifierRef[];
  position: number;
}

/**
 * A patch: what is given changes; taxRateIds is always present (omitted clears it: docs/contract.md "Literal rules").
 */
export type ProductPatch = Partial<Omit<ProductFields, 'taxRateIds'>> & { taxRateIds: string[] };
export type ModifierPatch = Partial<Omit<ModifierFields, 'taxRateIds'>> & { taxRateIds: string[] };

/** Collects problems with their paths; throws them all at once. */
export class Problems {
  readonly list: FieldError[] = [];

  add(path: string, message: string): void {
    if (this.list.length < MAX_REPORTED_ERRORS) this.list.push({ path, message });
  }

  throwIfAny(): void {
    if (this.list.length === 0) return;
    const shown = this.list
      .slice(0, 10)
      .map((e) => `${e.path}: ${e.message}`)
      .join('; ');
    const more = this.list.length > 10 ? ` (and ${this.list.length - 10} more)` : '';
    throw new ValidationError(shown + more, this.list);
  }
}

type Raw = Record<string, unknown>;

function isObject(value: unknown): value is Raw {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * An object whose keys are all named; else one problem per unknown key (docs/contract.md "Conventions": no silent
 * typos).
 */
function record(value: unknown, path: string, allowed: readonly string[], p: Problems, what: string): Raw | null {
  if (!isObject(value)) {
    p.add(path || '/', `must be ${what} object`);
    return null;
  }
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) p.add(`${path}/${escapePointer(key)}`, `is not a field of ${what}`);
  }
  return value;
}

/** RFC 6901 escaping, so a key containing "/" still yields a readable, exact path. */
function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

function reference(value: unknown, path: string, p: Problems): string {
  if (typeof value !== 'string' || value.length < 1 || value.length > MAX_REFERENCE_LENGTH) {
    p.add(path, `must be a string of 1 to ${MAX_REFERENCE_LENGTH} characters`);
    return '';
  }
  return value;
}

function name(value: unknown, path: string, p: Problems): string {
  if (typeof value !== 'string' || value.length < 1) {
    p.add(path, 'is required and must be a non-empty string');
    return '';
  }
  return value;
}

/**
 * docs/contract.md "Conventions": an integer in the smallest unit; 350.00 arrives from JSON as 350 and passes, 3.5 does
 * not.
 */
export function money(value: unknown, path: string, p: Problems): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < MIN_PRICE || value > MAX_PRICE) {
    p.add(path, 'must be a whole number in the smallest currency unit (e.g. 350 for 3.50)');
    return 0;
  }
  return value;
}

function integer(value: unknown, path: string, p: Problems, min: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > MAX_PRICE) {
    p.add(path, `must be an integer of at least ${min}`);
    return min;
  }
  return value;
}

function stringArray(value: unknown, path: string, p: Problems, asReference: boolean): string[] {
  if (!Array.isArray(value)) {
    p.add(path, 'must be an array of strings');
    return [];
  }
  return value.map((item, index) => {
    if (asReference) return reference(item, `${path}/${index}`, p);
    if (typeof item !== 'string') p.add(`${path}/${index}`, 'must be a string');
    return item as string;
  });
}

/**
 * show_online and its alias showOnline (docs/contract.md "Shapes existing clients send"): both given and different is a
 * 400.
 */
function showOnline(raw: Raw, path: string, p: Problems): boolean | undefined {
  const snake = raw.show_online;
  const camel = raw.showOnline;
  for (const [key, value] of [
    ['show_online', snake],
    ['showOnline', camel],
  ] as const) {
    if (value !== undefined && typeof value !== 'boolean') p.add(`${path}/${key}`, 'must be true or false');
  }
  if (snake !== undefined && camel !== undefined && snake !== camel) {
    p.add(`${path}/showOnline`, 'is an alias of show_online and must not differ from it');
  }
  const value = snake ?? camel;
  return typeof value === 'boolean' ? value : undefined;
}

function passThrough(raw: Raw, fields: readonly string[]): PassThrough {
  const bag: PassThrough = {};
  for (const field of fields) if (raw[field] !== undefined) bag[field] = raw[field];
  return bag;
}

const PRODUCT_EXTRA_FIELDS: readonly string[] = [...PASS_THROUGH_FIELDS, 'imageUrl'];
const MODIFIER_EXTRA_FIELDS: readonly string[] = PASS_THROUGH_FIELDS;
const PRODUCT_FIELDS = [
  'posReference',
  'name',
  'price',
  'categories',
  'taxRateIds',
  'show_online',
  'showOnline',
  'modifierGroups',
  'position',
  ...PRODUCT_EXTRA_FIELDS,
  ...IGNORED_FIELDS,
  ...READ_ONLY_FIELDS,
];
const MODIFIER_FIELDS = [
  'posReference',
  'name',
  'price',
  'taxRateIds',
  'show_online',
  'showOnline',
  'position',
  ...MODIFIER_EXTRA_FIELDS,
  ...IGNORED_FIELDS,
  ...READ_ONLY_FIELDS,
];
const CATEGORY_FIELDS = [
  'posReference',
  'name',
  'description',
  'position',
  'show_online',
  'showOnline',
  'serviceAvailability',
  ...READ_ONLY_FIELDS,
];
const GROUP_FIELDS = ['posReference', 'name', 'minPermitted', 'maxPermitted', 'modifiers', ...READ_ONLY_FIELDS];
const GROUP_MODIFIER_FIELDS = ['id', 'posReference', 'price', 'name'];

export type Mode = 'create' | 'import' | 'patch';

/** The fields shared by products and modifiers; `null` when the value is not an object at all. */
function sellable(
  value: unknown,
  path: string,
  p: Problems,
  mode: Mode,
  allowed: string[],
  extra: readonly string[],
  what: string,
) {
  const raw = record(value, path, allowed, p, what);
  if (!raw) return null;
  const whole = mode !== 'patch';
  const out: Partial<ProductFields> & { taxRateIds: string[] } = {
    // Omitted taxRateIds clears them on create, patch and import alike (docs/contract.md "Literal rules").
    taxRateIds:
      raw.taxRateIds === undefined || raw.taxRateIds === null
        ? []
        : stringArray(raw.taxRateIds, `${path}/taxRateIds`, p, false),
  };
  if (whole || raw.posReference !== undefined)
    out.posReference = reference(raw.posReference, `${path}/posReference`, p);
  if (whole || raw.name !== undefined) out.name = name(raw.name, `${path}/name`, p);
  if (whole || raw.price !== undefined) out.price = money(raw.price, `${path}/price`, p);
  const online = showOnline(raw, path, p);
  if (online !== undefined) out.showOnline = online;
  else if (whole) out.showOnline = true;
  if (raw.position !== undefined) out.position = integer(raw.position, `${path}/position`, p, 0);
  const bag = passThrough(raw, extra);
  if (whole || Object.keys(bag).length > 0) out.passThrough = bag;
  return { raw, out };
}

export function parseProduct(value: unknown, path: string, p: Problems, mode: Mode, index = 0): ProductPatch {
  const parsed = sellable(value, path, p, mode, PRODUCT_FIELDS, PRODUCT_EXTRA_FIELDS, 'a product');
  if (!parsed) return { taxRateIds: [] };
  const { raw, out } = parsed;
  const whole = mode !== 'patch';
  if (whole || raw.categories !== undefined)
    out.categories = raw.categories == null ? [] : stringArray(raw.categories, `${path}/categories`, p, true);
  if (whole || raw.modifierGroups !== undefined)
    out.modifierGroups =
      raw.modifierGroups == null ? [] : stringArray(raw.modifierGroups, `${path}/modifierGroups`, p, true);
  if (whole) out.position ??= mode === 'import' ? index : 0;
  return out;
}

export function parseModifier(value: unknown, path: string, p: Problems, mode: Mode, index = 0): ModifierPatch {
  const parsed = sellable(value, path, p, mode, MODIFIER_FIELDS, MODIFIER_EXTRA_FIELDS, 'a modifier');
  if (!parsed) return { taxRateIds: [] };
  const { out } = parsed;
  if (mode !== 'patch') out.position ??= mode === 'import' ? index : 0;
  const { categories: _c, modifierGroups: _g, ...modifier } = out;
  return modifier;
}

export function parseCategory(value: unknown, path: string, p: Problems, index: number): CategoryFields {
  const raw = record(value, path, CATEGORY_FIELDS, p, 'a category') ?? {};
  const description = raw.description ?? null;
  if (description !== null && typeof description !== 'string') p.add(`${path}/description`, 'must be a string');
  return {
    posReference: reference(raw.posReference, `${path}/posReference`, p),
    name: name(raw.name, `${path}/name`, p),
    description: description as string | null,
    position: raw.position === undefined ? index : integer(raw.position, `${path}/position`, p, 0),
    showOnline: showOnline(raw, path, p) ?? true,
    serviceAvailability: raw.serviceAvailability ?? null,
  };
}

function groupModifier(value: unknown, path: string, p: Problems): GroupModifierRef {
  if (typeof value === 'string') return reference(value, path, p);
  const raw = record(value, path, GROUP_MODIFIER_FIELDS, p, 'a modifier reference (a posReference string or');
  if (!raw) return '';
  if ((raw.id === undefined) === (raw.posReference === undefined))
    p.add(path, 'must have exactly one of id and posReference');
  if (raw.id !== undefined && typeof raw.id !== 'string') p.add(`${path}/id`, 'must be a string');
  if (raw.posReference !== undefined) reference(raw.posReference, `${path}/posReference`, p);
  if (raw.price !== undefined) money(raw.price, `${path}/price`, p);
  if (raw.name !== undefined && typeof raw.name !== 'string') p.add(`${path}/name`, 'must be a string');
  return raw as GroupModifierRef;
}

export function parseModifierGroup(value: unknown, path: string, p: Problems, index: number): ModifierGroupFields {
  const raw = record(value, path, GROUP_FIELDS, p, 'a modifier group') ?? {};
  const minPermitted = raw.minPermitted == null ? 0 : integer(raw.minPermitted, `${path}/minPermitted`, p, 0);
  const maxPermitted = raw.maxPermitted == null ? 1 : integer(raw.maxPermitted, `${path}/maxPermitted`, p, 0);
  if (maxPermitted > 0 && minPermitted > maxPermitted)
    p.add(`${path}/minPermitted`, 'must not exceed maxPermitted (0 means no limit)');
  let modifiers: GroupModifierRef[] = [];
  if (raw.modifiers != null) {
    if (!Array.isArray(raw.modifiers)) p.add(`${path}/modifiers`, 'must be an array');
    else modifiers = raw.modifiers.map((m, i) => groupModifier(m, `${path}/modifiers/${i}`, p));
  }
  return {
    posReference: reference(raw.posReference, `${path}/posReference`, p),
    name: name(raw.name, `${path}/name`, p),
    minPermitted,
    maxPermitted,
    modifiers,
    position: index,
  };
}

/** The posReference a group element names, or null when it names a modifier by service id. */
export function groupModifierReference(ref: GroupModifierRef): string | null {
  if (typeof ref === 'string') return ref;
  return ref.posReference ?? null;
}
