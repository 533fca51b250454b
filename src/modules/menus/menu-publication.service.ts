import type { EntityManager } from '@mikro-orm/postgresql';
import { assertLocationReachable, requireScope } from '../../common/access.js';
import { NotFoundError, ValidationError } from '../../common/errors.js';
import { isUuid, uuidv7 } from '../../common/ids.js';
import { findPage, pageRequest, type Page, type ListInput } from '../../common/pagination.js';
import type { RequestContext } from '../../common/request-context.js';
import { enqueueDelivery } from '../../delivery/outbox.js';
import { Connection } from '../connections/connection.entity.js';
import { connectionWithCredentials } from '../connections/connection.service.js';
import { Delivery } from '../deliveries/delivery.entity.js';
import { loadReachableLocation } from '../locations/location.service.js';
import { readMenuExport, type MenuExportEntity } from './menu-export.js';
import { MenuPublication } from './menu-publication.entity.js';
import { readPublications, type MenuPublicationView } from './menu-publication.view.js';
import { loadMenu } from './menu.service.js';

export interface PublishInput {
  connectionId: string;
}

/**
 * Publication of a menu to a marketplace (SPEC behaviour 2, CONTRACT sections 3, 4, 7): the publication row
 * and its MENU_PUBLISHED delivery are written in one transaction; the delivery worker sends the
 * MenuExportEntity to the marketplace's menuPublicationUrl after commit, signed, with retries.
 */
export class MenuPublicationService {
  async publish(ctx: RequestContext, accountId: string, locationId: string, menuId: string, input: PublishInput): Promise<MenuPublicationView> {
    assertLocationReachable(ctx, accountId, locationId);
    requireScope(ctx, 'menu.write');
    return ctx.em.transactional(async (em) => {
      const location = await loadReachableLocation({ ...ctx, em }, accountId, locationId);
      const menu = await loadMenu(em, location, menuId);
      const connection = await marketplaceConnection(em, location.id, input.connectionId);
      const publicationId = uuidv7();
      const eventId = uuidv7();
      const exported = (await readMenuExport(em, menu.id))!;
      const { credentials } = await connectionWithCredentials(em, connection.id);
      const payload: MenuExportEntity = {
        eventId,
        eventType: 'MENU_PUBLISHED',
        menuId: menu.id,
        publicationId,
        accountId: location.account.id,
        locationId: location.id,
        connectionId: connection.id,
        connection: { id: connection.id, credentials },
        location: exported.location,
        menu: exported.menu,
      };
      const delivery = await enqueueDelivery(em, {
        eventId,
        eventType: 'MENU_PUBLISHED',
        applicationId: connection.application.id,
        accountId: location.account.id,
        locationId: location.id,
        connectionId: connection.id,
        url: connection.application.menuPublicationUrl!,
        payload,
      });
      em.persist(new MenuPublication(publicationId, menu, connection, em.getReference(Delivery, delivery.id)));
      await em.flush();
      return (await readPublications(em, [publicationId]))[0];
    });
  }

  async findAll(ctx: RequestContext, accountId: string, locationId: string, menuId: string, input: ListInput): Promise<Page<MenuPublicationView>> {
    assertLocationReachable(ctx, accountId, locationId);
    requireScope(ctx, 'menu.read');
    const location = await loadReachableLocation(ctx, accountId, locationId);
    const menu = await loadMenu(ctx.em, location, menuId);
    const page = await findPage(ctx.em, MenuPublication, { menu: menu.id }, pageRequest(input.limit, input.nextPageKey), (p) => p.id);
    return { ...page, data: await readPublications(ctx.em, page.data) };
  }
}

/**
 * An active connection of this location (404 otherwise: another location's connection is out of reach),
 * to a MARKETPLACE with a menu publication URL (400 otherwise).
 */
async function marketplaceConnection(em: EntityManager, locationId: string, connectionId: string): Promise<Connection> {
  const connection = isUuid(connectionId) ? await em.findOne(Connection, { id: connectionId, location: locationId, status: 'ACTIVE' }, { populate: ['application'] }) : null;
  if (!connection) throw new NotFoundError('Connection');
  if (connection.application.kind !== 'MARKETPLACE') throw ValidationError.field('/connectionId', `names a ${connection.application.kind} connection; menus are published to MARKETPLACE connections`);
  if (!connection.application.menuPublicationUrl) throw ValidationError.field('/connectionId', 'names a marketplace without a menuPublicationUrl');
  return connection;
}
