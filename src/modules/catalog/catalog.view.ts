import type { TaxRateView } from '../locations/location.view.js';
import type { Category } from './category.entity.js';
import { PASS_THROUGH_FIELDS, type GroupModifierRef, type PassThrough } from './catalog-fields.js';
import type { ModifierGroup } from './modifier-group.entity.js';
import type { Modifier } from './modifier.entity.js';
import type { Product } from './product.entity.js';

// The one public shape of catalog records (CONTRACT sections 4 and 5), for REST and GraphQL alike. The
// pass-through fields come back exactly as received; showOnline is always the alias of show_online, so it
// can never disagree with it.

export interface CategoryView {
  id: string;
  posReference: string;
  name: string;
  description?: string;
  position: number;
  show_online: boolean;
  serviceAvailability?: unknown;
}

interface SellableView {
  id: string;
  posReference: string;
  name: string;
  price: number;
  taxRateIds: string[];
  show_online: boolean;
  showOnline: boolean;
  position: number;
  createdAt: string;
  updatedAt: string;
}

export type ProductView = PassThrough & SellableView & { categories: string[]; modifierGroups: string[] };
export type ModifierView = PassThrough & SellableView;

export interface ModifierGroupView {
  id: string;
  posReference: string;
  name: string;
  minPermitted: number;
  maxPermitted: number;
  modifiers: GroupModifierRef[];
}

/** GET {loc}/catalog: the CatalogImportEntity shape, with service ids. */
export interface CatalogView {
  location: { taxRates: TaxRateView[] };
  categories: CategoryView[];
  products: ProductView[];
  modifiers: ModifierView[];
  modifierGroups: ModifierGroupView[];
}

export function toCategoryView(category: Category): CategoryView {
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

function sellableView(record: Product | Modifier): SellableView {
  return {
    id: record.id,
    posReference: record.posReference,
    name: record.name,
    price: record.price,
    taxRateIds: record.taxRateIds,
    show_online: record.showOnline,
    showOnline: record.showOnline,
    position: record.position,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}

export function toProductView(product: Product): ProductView {
  return { ...product.passThrough, ...sellableView(product), categories: product.categories, modifierGroups: product.modifierGroups };
}

export function toModifierView(modifier: Modifier): ModifierView {
  return { ...modifier.passThrough, ...sellableView(modifier) };
}

export function toModifierGroupView(group: ModifierGroup): ModifierGroupView {
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
