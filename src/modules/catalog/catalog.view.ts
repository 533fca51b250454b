import type { Shape } from '../../shapes/shape.js';
import type { Category } from './category.entity.js';
import { PASS_THROUGH_FIELDS, type PassThrough } from './catalog-fields.js';
import type { ModifierGroup } from './modifier-group.entity.js';
import type { Product } from './product.entity.js';

// The one public shape of catalog records (docs/contract.md "Records" and "Shapes existing clients send"), for REST and
// GraphQL alike. The pass-through fields come back exactly as received; showOnline is always the alias of show_online,
// so it can never disagree with it.

export type CategoryView = Shape<'Category'>;
/** The fields products and modifiers share: a modifier is exactly these. */
type SellableView = Shape<'Modifier'>;
export type ProductView = Shape<'Product'> & PassThrough;
export type ModifierView = Shape<'Modifier'> & PassThrough;
export type ModifierGroupView = Shape<'ModifierGroup'>;

/** GET {loc}/catalog: the CatalogImportEntity shape, with service ids, and the compatibility fields as received. */
export type CatalogView = Omit<Shape<'Catalog'>, 'products' | 'modifiers'> & {
  products: ProductView[];
  modifiers: ModifierView[];
};

// The views read only these fields, so rows read straight from SQL (the whole-catalog read) fit them too.
export type CategoryRecord = Pick<
  Category,
  'id' | 'posReference' | 'name' | 'description' | 'position' | 'showOnline' | 'serviceAvailability'
>;
type SellableRecord = Pick<
  Product,
  'id' | 'posReference' | 'name' | 'price' | 'taxRateIds' | 'showOnline' | 'position' | 'passThrough'
> & {
  /** A Date from the ORM, or already RFC 3339 from SQL. */
  createdAt: Date | string;
  updatedAt: Date | string;
};

const rfc3339 = (at: Date | string) => (typeof at === 'string' ? at : at.toISOString());
export type ProductRecord = SellableRecord & Pick<Product, 'categories' | 'modifierGroups'>;
export type ModifierRecord = SellableRecord;
export type ModifierGroupRecord = Pick<
  ModifierGroup,
  'id' | 'posReference' | 'name' | 'minPermitted' | 'maxPermitted' | 'modifiers'
>;

export function toCategoryView(category: CategoryRecord): CategoryView {
  return {
    id: category.id,
    posReference: category.posReference,
    name: category.name,
    ...(category.description !== null ? { description: category.description } : {}),
    position: category.position,
    show_online: category.showOnline,
    ...(category.serviceAvailability !== null ? { serviceAvailability: category.serviceAvailability } : {}),
  };
}

function sellableView(record: SellableRecord): SellableView {
  return {
    id: record.id,
    posReference: record.posReference,
    name: record.name,
    price: record.price,
    taxRateIds: record.taxRateIds,
    show_online: record.showOnline,
    showOnline: record.showOnline,
    position: record.position,
    createdAt: rfc3339(record.createdAt),
    updatedAt: rfc3339(record.updatedAt),
  };
}

export function toProductView(product: ProductRecord): ProductView {
  return {
    ...product.passThrough,
    ...sellableView(product),
    categories: product.categories,
    modifierGroups: product.modifierGroups,
  };
}

export function toModifierView(modifier: ModifierRecord): ModifierView {
  return { ...modifier.passThrough, ...sellableView(modifier) };
}

export function toModifierGroupView(group: ModifierGroupRecord): ModifierGroupView {
  return {
    id: group.id,
    posReference: group.posReference,
    name: group.name,
    minPermitted: group.minPermitted,
    maxPermitted: group.maxPermitted,
    modifiers: group.modifiers,
  };
}

const EXTRA_FIELDS = new Set<string>([...PASS_THROUGH_FIELDS, 'imageUrl']);

/** The compatibility fields of a product or modifier view, apart (GraphQL gives them as one JSON object). */
export function passThroughOf(view: ProductView | ModifierView): PassThrough {
  return Object.fromEntries(Object.entries(view).filter(([key]) => EXTRA_FIELDS.has(key)));
}
