import type { EntityManager } from '@mikro-orm/postgresql';
import { NotFoundError, ValidationError } from '../../common/errors.js';
import { isUuid, uuidv7 } from '../../common/ids.js';
import { findPage, pageRequest, type Page, type ListInput } from '../../common/pagination.js';
import { enqueueDelivery } from '../../delivery-engine/outbox.js';
import { urlFor, webhookDelivery } from '../../delivery-engine/webhook-event.js';
import { Connection, openCredentials, visibleTo } from '../connections/index.js';
import type { LocationAccess } from '../locations/index.js';
import { readMenuExport, type MenuExportEntity } from './menu-export.js';
import type { Clock } from '../../common/clock.js';
import { availabilityView, readSchedules } from '../availability/index.js';
import { MenuPublication } from './menu-publication.entity.js';
import { readPublications, type MenuPublicationView } from './menu-publication.view.js';
import { loadMenu } from './menu-load.js';
import type { Menu } from './menu.entity.js';
import { recordActivity } from '../activity/index.js';
import type { Shape } from '../../shapes/shape.js';

export type PublishInput = Shape<'PublishMenu'>;

/**
 * Publication of a menu to a marketplace (docs/contract.md "Behaviours", "Operations", "Records" and
 * "Calls the hub makes"): the publication row and its MENU_PUBLISHED delivery are written in one transaction; the
 * delivery worker sends the MenuExportEntity to the marketplace's menuPublicationUrl after commit, signed, with
 * retries.
 */
export class MenuPublicationService {
  constructor(private readonly clock: Clock) {}

  async publish(access: LocationAccess, menuId: string, input: PublishInput): Promise<MenuPublicationView> {
    const { ctx, accountId, locationId } = access;
    return ctx.em.transactional(async (em) => {
      const location = await access.load(em);
      const menu = await loadMenu(em, location, menuId);
      const connection = await marketplaceConnection(em, access, input.connectionId);
      const publicationId = uuidv7();
      const exported = (await readMenuExport(em, menu.id))!;
      const schedules = (await readSchedules(em, location.id))!;
      const credentials = openCredentials(connection);
      const event = webhookDelivery({
        eventType: 'MENU_PUBLISHED',
        accountId: location.account.id,
        locationId: location.id,
        recipient: {
          applicationId: connection.application.id,
          connectionId: connection.id,
          url: urlFor('MENU_PUBLISHED', connection.application),
        },
        credentials,
        body: {
          menuId: menu.id,
          publicationId,
          location: exported.location,
          menu: exported.menu,
          availability: availabilityView(schedules, connection.id, this.clock.now()),
        } satisfies MenuExportEntity,
      });
      const delivery = await enqueueDelivery(em, event);
      // marketplaceConnection made sure of the URL: the event has its delivery.
      em.persist(new MenuPublication(publicationId, menu, connection, delivery.id!));
      recordActivity(em, ctx, {
        action: 'menu.published',
        accountId,
        locationId,
        subject: { type: 'menu', id: menu.id, name: menu.name },
        changes: { publicationId, connectionId: connection.id, marketplace: connection.application.name },
      });
      await em.flush();
      return (await readPublications(em, [publicationId]))[0];
    });
  }

  /** Oldest first, or with newestFirst the latest first (what a screen of past publications shows). */
  async findAll(
    access: LocationAccess,
    menuId: string,
    input: ListInput & { newestFirst?: boolean | null },
  ): Promise<Page<MenuPublicationView>> {
    const { ctx } = access;
    const menu = await this.readableMenu(access, menuId);
    const page = await findPage(
      ctx.em,
      MenuPublication,
      { menu: menu.id },
      pageRequest(input.limit, input.nextPageKey),
      (p) => p.id,
      { newestFirst: input.newestFirst === true },
    );
    return { ...page, data: await readPublications(ctx.em, page.data) };
  }

  /** The menu's publication whose MENU_PUBLISHED delivery this is; null for another menu's (or none). */
  async findByDelivery(
    access: LocationAccess,
    menuId: string,
    deliveryId: string,
  ): Promise<MenuPublicationView | null> {
    const { ctx } = access;
    const menu = await this.readableMenu(access, menuId);
    const publication = await ctx.em.findOne(MenuPublication, { menu: menu.id, deliveryId }, { fields: ['id'] });
    return publication ? ((await readPublications(ctx.em, [publication.id]))[0] ?? null) : null;
  }

  /** The menu whose publications are read, or 404 (a live view of them starts with this check). */
  async readableMenu(access: LocationAccess, menuId: string): Promise<Menu> {
    return loadMenu(access.ctx.em, await access.load(), menuId);
  }
}

/**
 * An active connection of this location that the caller may use (404 otherwise: another location's
 * connection, or another partner's, is out of reach), to a MARKETPLACE with a menu publication URL (400
 * otherwise).
 */
async function marketplaceConnection(
  em: EntityManager,
  access: LocationAccess,
  connectionId: string,
): Promise<Connection> {
  const connection = isUuid(connectionId)
    ? await em.findOne(
        Connection,
        { $and: [{ id: connectionId, location: access.locationId, status: 'ACTIVE' }, visibleTo(access)] } as never,
        { populate: ['application'] },
      )
    : null;
  if (!connection) throw new NotFoundError('Connection');
  if (connection.application.kind !== 'MARKETPLACE')
    throw ValidationError.field(
      '/connectionId',
      `names a ${connection.application.kind} connection; menus are published to MARKETPLACE connections`,
    );
  if (!connection.application.menuPublicationUrl)
    throw ValidationError.field('/connectionId', 'names a marketplace without a menuPublicationUrl');
  return connection;
}
