import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ConflictError, NotFoundError } from '../../common/errors.js';
import { isUuid } from '../../common/ids.js';
import { findPage, pageRequest, type Page, type ListInput } from '../../common/pagination.js';
import { containing, likeLiteral, searchText } from '../../common/like.js';
import type { RequestContext } from '../../common/request-context.js';
import { sqlRows } from '../../db/raw-sql.js';
import type { Location, LocationAccess } from '../locations/index.js';
import { catalogChange, type CatalogListener } from './catalog-events.js';
import {
  parseModifier,
  parseProduct,
  Problems,
  type ModifierFields,
  type ModifierPatch,
  type ProductFields,
  type ProductPatch,
} from './catalog-fields.js';
import { writeCatalog, type ImportResult } from './catalog-import.js';
import { readCatalog } from './catalog-read.js';
import { menuVisibleState } from './menu-visible-fields.js';
import { parseCatalogImport, type ParsedCatalog } from './catalog-import.rules.js';
import {
  toCategoryView,
  toModifierGroupView,
  toModifierView,
  toProductView,
  type CatalogView,
  type CategoryView,
  type ModifierGroupView,
  type ModifierView,
  type ProductView,
} from './catalog.view.js';
import { Category } from './category.entity.js';
import { ModifierGroup } from './modifier-group.entity.js';
import { Modifier } from './modifier.entity.js';
import { Product } from './product.entity.js';
import { recordActivity } from '../activity/index.js';

export interface CatalogListInput extends ListInput {
  /** A lookup: the list holds the one record with this posReference, or nothing (docs/contract.md "Conventions"). */
  posReference?: string | null;
  /** Records whose name contains this (any case) or whose posReference starts with it. */
  search?: string | null;
}

/**
 * The catalog of a location (docs/contract.md "Behaviours"): the full-statement import, products and modifiers
 * with their taxRateIds rules (docs/contract.md "Literal rules"), categories and modifier groups. Every method
 * takes the grant of its operation on the location (catalog.operations.ts).
 */
export class CatalogService {
  constructor(private readonly listener: CatalogListener) {}

  async importCatalog(access: LocationAccess, body: unknown): Promise<ImportResult> {
    return this.applyImport(access, parseCatalogImport(body));
  }

  /**
   * Applies an already-parsed CatalogImportEntity (parseCatalogImport) in one transaction: all or nothing.
   * The catalog pull calls this directly, with its own grant (catalogs.write, like the import's). The one
   * check left for here needs the database: group elements naming a modifier by service id (a ValidationError
   * naming the path).
   */
  async applyImport(
    access: LocationAccess,
    catalog: ParsedCatalog,
    pulledThrough?: { connectionId: string; applicationName: string },
  ): Promise<ImportResult> {
    const { ctx, accountId, locationId } = access;
    return ctx.em.transactional(async (em) => {
      // The location row is locked: two imports of one location apply one after the other.
      const location = await access.load(em, { lock: true, populateTaxRates: true });
      await checkModifiersNamedById(em, location, catalog);
      const result = await writeCatalog(em, location, catalog, this.listener);
      recordActivity(em, ctx, {
        action: pulledThrough ? 'catalog.pulled' : 'catalog.imported',
        accountId,
        locationId,
        subject: { type: 'catalog', id: locationId, name: pulledThrough?.applicationName ?? null },
        changes: { ...result.changes, ...(pulledThrough ? { connectionId: pulledThrough.connectionId } : {}) },
      });
      return result;
    });
  }

  async getCatalog(access: LocationAccess): Promise<CatalogView> {
    const location = await access.load();
    const { taxRates, categories, products, modifiers, groups } = await readCatalog(access.ctx.em, location.id);
    return {
      location: { taxRates },
      categories: categories.map(toCategoryView),
      products: products.map(toProductView),
      modifiers: modifiers.map(toModifierView),
      modifierGroups: groups.map(toModifierGroupView),
    };
  }

  // Products

  async listProducts(access: LocationAccess, input: CatalogListInput): Promise<Page<ProductView>> {
    return this.list(access, input, Product, toProductView);
  }

  async getProduct(access: LocationAccess, productId: string): Promise<ProductView> {
    const location = await access.load();
    return toProductView(await loadRecord(access.ctx.em, Product, location, productId, 'Product'));
  }

  async createProduct(access: LocationAccess, body: unknown): Promise<ProductView> {
    const { ctx } = access;
    const p = new Problems();
    const fields = parseProduct(body, '', p, 'create') as ProductFields;
    p.throwIfAny();
    return this.write(access, async (em) => {
      const location = await access.load(em);
      await checkProductReferences(em, location, fields);
      const product = Object.assign(new Product(location, fields.posReference, fields.name, fields.price), fields);
      em.persist(product);
      recordCatalogChange(em, ctx, location, 'catalog.productCreated', product, fields);
      await em.flush();
      return toProductView(product);
    });
  }

  /**
   * A patch changes what it names, except taxRateIds: omitted clears it (docs/contract.md "Literal rules"), so a POS
   * that sets show_online resends taxRateIds. show_online false is out of stock; true brings the product back.
   */
  async updateProduct(access: LocationAccess, productId: string, body: unknown): Promise<ProductView> {
    const { ctx } = access;
    const p = new Problems();
    const patch = parseProduct(body, '', p, 'patch');
    p.throwIfAny();
    return this.write(access, async (em) => {
      const location = await access.load(em);
      const product = await loadRecord(em, Product, location, productId, 'Product');
      await checkProductReferences(em, location, patch);
      const watched = applyPatch(product, patch);
      recordCatalogChange(em, ctx, location, 'catalog.productUpdated', product, patch);
      await em.flush();
      if (watched)
        await this.listener.catalogChanged(em, location.id, catalogChange({ changedProductIds: [product.id] }));
      return toProductView(product);
    });
  }

  async deleteProduct(access: LocationAccess, productId: string): Promise<void> {
    const { ctx } = access;
    await access.ctx.em.transactional(async (em) => {
      const location = await access.load(em);
      const product = await loadRecord(em, Product, location, productId, 'Product');
      recordCatalogChange(em, ctx, location, 'catalog.productDeleted', product);
      await em.remove(product).flush();
      await this.listener.catalogChanged(em, location.id, catalogChange({ deletedProductIds: [product.id] }));
    });
  }

  // Modifiers

  async listModifiers(access: LocationAccess, input: CatalogListInput): Promise<Page<ModifierView>> {
    return this.list(access, input, Modifier, toModifierView);
  }

  async getModifier(access: LocationAccess, modifierId: string): Promise<ModifierView> {
    const location = await access.load();
    return toModifierView(await loadRecord(access.ctx.em, Modifier, location, modifierId, 'Modifier'));
  }

  async createModifier(access: LocationAccess, body: unknown): Promise<ModifierView> {
    const { ctx } = access;
    const p = new Problems();
    const fields = parseModifier(body, '', p, 'create') as ModifierFields;
    p.throwIfAny();
    return this.write(access, async (em) => {
      const location = await access.load(em);
      const modifier = Object.assign(new Modifier(location, fields.posReference, fields.name, fields.price), fields);
      em.persist(modifier);
      recordCatalogChange(em, ctx, location, 'catalog.modifierCreated', modifier, fields);
      await em.flush();
      return toModifierView(modifier);
    });
  }

  /** The same rules as a product patch (taxRateIds omitted clears it). */
  async updateModifier(access: LocationAccess, modifierId: string, body: unknown): Promise<ModifierView> {
    const { ctx } = access;
    const p = new Problems();
    const patch = parseModifier(body, '', p, 'patch');
    p.throwIfAny();
    return this.write(access, async (em) => {
      const location = await access.load(em);
      const modifier = await loadRecord(em, Modifier, location, modifierId, 'Modifier');
      const previousReference = modifier.posReference;
      const watched = applyPatch(modifier, patch);
      recordCatalogChange(em, ctx, location, 'catalog.modifierUpdated', modifier, patch);
      await em.flush();
      if (modifier.posReference !== previousReference)
        await renameInGroups(em, location, previousReference, modifier.posReference);
      if (watched)
        await this.listener.catalogChanged(em, location.id, catalogChange({ changedModifierIds: [modifier.id] }));
      return toModifierView(modifier);
    });
  }

  /** The modifier also leaves every group that listed it, so no group points at nothing. */
  async deleteModifier(access: LocationAccess, modifierId: string): Promise<void> {
    const { ctx } = access;
    await access.ctx.em.transactional(async (em) => {
      const location = await access.load(em);
      const modifier = await loadRecord(em, Modifier, location, modifierId, 'Modifier');
      recordCatalogChange(em, ctx, location, 'catalog.modifierDeleted', modifier);
      await em.remove(modifier).flush();
      await sqlRows(
        em,
        `UPDATE modifier_groups g
            SET modifiers = (SELECT coalesce(jsonb_agg(x.e ORDER BY x.i), '[]'::jsonb)
                               FROM jsonb_array_elements(g.modifiers) WITH ORDINALITY AS x(e, i)
                              -- ->> of a missing key is NULL: an element that does not match is kept.
                              WHERE coalesce(NOT (x.e = to_jsonb(?::text) OR x.e->>'posReference' = ? OR x.e->>'id' = ?), true)),
                updated_at = now()
          WHERE g.location_id = ?::uuid
            AND EXISTS (SELECT 1 FROM jsonb_array_elements(g.modifiers) AS y(e)
                         WHERE y.e = to_jsonb(?::text) OR y.e->>'posReference' = ? OR y.e->>'id' = ?)`,
        [
          modifier.posReference,
          modifier.posReference,
          modifier.id,
          location.id,
          modifier.posReference,
          modifier.posReference,
          modifier.id,
        ],
      );
      await this.listener.catalogChanged(em, location.id, catalogChange({ deletedModifierIds: [modifier.id] }));
    });
  }

  // Categories and modifier groups (read, and category delete)

  async listCategories(access: LocationAccess, input: CatalogListInput): Promise<Page<CategoryView>> {
    return this.list(access, input, Category, toCategoryView);
  }

  /** Products that listed the category no longer do; they are otherwise untouched. */
  async deleteCategory(access: LocationAccess, categoryId: string): Promise<void> {
    const { ctx } = access;
    await access.ctx.em.transactional(async (em) => {
      const location = await access.load(em);
      const category = await loadRecord(em, Category, location, categoryId, 'Category');
      recordCatalogChange(em, ctx, location, 'catalog.categoryDeleted', category);
      await em.remove(category).flush();
      // `categories ? ref` would read as a placeholder (raw-sql.ts): containment (@>) asks the same.
      const listedIt = await sqlRows<{ id: string }>(
        em,
        `UPDATE products SET categories = categories - ?::text, updated_at = now()
          WHERE location_id = ?::uuid AND categories @> jsonb_build_array(?::text)
          RETURNING id`,
        [category.posReference, location.id, category.posReference],
      );
      // Those products' categories are part of what a menu shows of them.
      await this.listener.catalogChanged(
        em,
        location.id,
        catalogChange({ changedProductIds: listedIt.map((p) => p.id) }),
      );
    });
  }

  async listModifierGroups(access: LocationAccess, input: CatalogListInput): Promise<Page<ModifierGroupView>> {
    return this.list(access, input, ModifierGroup, toModifierGroupView);
  }

  private async list<E extends Category | Product | Modifier | ModifierGroup, V>(
    access: LocationAccess,
    input: CatalogListInput,
    entity: new (...args: never[]) => E,
    view: (record: E) => V,
  ): Promise<Page<V>> {
    const location = await access.load();
    const page = pageRequest(input.limit, input.nextPageKey);
    const where: Record<string, unknown> = { location: location.id };
    if (input.posReference != null) where.posReference = input.posReference;
    const search = searchText(input.search);
    if (search)
      where.$or = [{ name: { $ilike: containing(search) } }, { posReference: { $like: `${likeLiteral(search)}%` } }];
    return findPage(access.ctx.em, entity, where as never, page, view);
  }

  /** A write transaction whose posReference clash (a concurrent create, a renamed record) is a 409. */
  private async write<T>(access: LocationAccess, work: (em: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await access.ctx.em.transactional(work);
    } catch (err) {
      if (err instanceof UniqueConstraintViolationException)
        throw new ConflictError('Another record of this kind already has this posReference');
      throw err;
    }
  }
}

async function loadRecord<E extends Category | Product | Modifier>(
  em: EntityManager,
  entity: new (...args: never[]) => E,
  location: Location,
  id: string,
  what: string,
): Promise<E> {
  // A malformed id is simply not found (and never reaches PostgreSQL's uuid parser).
  const record = isUuid(id) ? await em.findOne(entity, { id, location: location.id } as never) : null;
  if (!record) throw new NotFoundError(what);
  return record as E;
}

/** Applies the patch; true when it changed something a menu shows (menu-visible-fields.ts). */
function applyPatch(record: Product | Modifier, patch: ProductPatch | ModifierPatch): boolean {
  const kind = record instanceof Product ? 'product' : 'modifier';
  const before = menuVisibleState(kind, record);
  const { passThrough, ...fields } = patch;
  Object.assign(record, fields);
  if (passThrough) record.passThrough = { ...record.passThrough, ...passThrough };
  return menuVisibleState(kind, record) !== before;
}

/** A product's categories and modifier groups must name records of its location (400 naming the path). */
async function checkProductReferences(
  em: EntityManager,
  location: Location,
  product: Partial<Pick<ProductFields, 'categories' | 'modifierGroups'>>,
): Promise<void> {
  const p = new Problems();
  const check = async (
    entity: typeof Category | typeof ModifierGroup,
    refs: string[] | undefined,
    field: string,
    what: string,
  ) => {
    if (!refs?.length) return;
    const found = await em.find(
      entity as typeof Category,
      { location: location.id, posReference: { $in: refs } },
      { fields: ['posReference'] },
    );
    const known = new Set(found.map((r) => r.posReference));
    refs.forEach((ref, i) => {
      if (!known.has(ref)) p.add(`/${field}/${i}`, `names no ${what} of this location ("${ref}")`);
    });
  };
  await check(Category, product.categories, 'categories', 'category');
  await check(ModifierGroup, product.modifierGroups, 'modifierGroups', 'modifier group');
  p.throwIfAny();
}

/** Group elements naming a modifier by service id must name one that this import keeps. */
async function checkModifiersNamedById(em: EntityManager, location: Location, catalog: ParsedCatalog): Promise<void> {
  const named: { path: string; id: string }[] = [];
  catalog.modifierGroups.forEach((group, i) =>
    group.modifiers.forEach((element, j) => {
      if (typeof element === 'object' && element.id !== undefined)
        named.push({ path: `/modifierGroups/${i}/modifiers/${j}/id`, id: element.id });
    }),
  );
  if (named.length === 0) return;
  const ids = [...new Set(named.map((n) => n.id).filter(isUuid))];
  const stored = ids.length
    ? await em.find(Modifier, { location: location.id, id: { $in: ids } }, { fields: ['posReference'] })
    : [];
  const kept = new Set(catalog.modifiers.map((m) => m.posReference));
  const keptIds = new Set(stored.filter((m) => kept.has(m.posReference)).map((m) => m.id));
  const p = new Problems();
  for (const { path, id } of named) if (!keptIds.has(id)) p.add(path, `names no modifier of this import ("${id}")`);
  p.throwIfAny();
}

/** A modifier's new posReference replaces the old one in the groups that list it by posReference. */
async function renameInGroups(em: EntityManager, location: Location, from: string, to: string): Promise<void> {
  await sqlRows(
    em,
    `UPDATE modifier_groups g
        SET modifiers = (SELECT jsonb_agg(CASE WHEN x.e = to_jsonb(?::text) THEN to_jsonb(?::text)
                                               WHEN x.e->>'posReference' = ? THEN jsonb_set(x.e, '{posReference}', to_jsonb(?::text))
                                               ELSE x.e END ORDER BY x.i)
                           FROM jsonb_array_elements(g.modifiers) WITH ORDINALITY AS x(e, i)),
            updated_at = now()
      WHERE g.location_id = ?::uuid
        AND EXISTS (SELECT 1 FROM jsonb_array_elements(g.modifiers) AS y(e) WHERE y.e = to_jsonb(?::text) OR y.e->>'posReference' = ?)`,
    [from, to, from, to, location.id, from, from],
  );
}

/** The activity entry of a change to one catalog record, with the fields the request set. */
function recordCatalogChange(
  em: EntityManager,
  ctx: RequestContext,
  location: Location,
  action: string,
  record: { id: string; name: string },
  fields?: object,
): void {
  recordActivity(em, ctx, {
    action,
    accountId: location.account.id,
    locationId: location.id,
    subject: {
      type: action.slice(action.indexOf('.') + 1).replace(/(Created|Updated|Deleted)$/, ''),
      id: record.id,
      name: record.name,
    },
    changes: fields ? { ...fields } : null,
  });
}
