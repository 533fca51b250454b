import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { NotFoundError } from '../../common/errors.js';
import { isUuid } from '../../common/ids.js';
import type { Location } from '../locations/index.js';
import { Menu } from './menu.entity.js';

// Loading one menu of a location, shared by the menus and their publications (granted: src/auth/authorize.ts).

/** A menu of this location, or 404 (a malformed id too); locked for the rest of the transaction when asked. */
export async function loadMenu(em: EntityManager, location: Location, menuId: string, lock = false): Promise<Menu> {
  const menu = isUuid(menuId)
    ? await em.findOne(
        Menu,
        { id: menuId, location: location.id },
        lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {},
      )
    : null;
  if (!menu) throw new NotFoundError('Menu');
  return menu;
}
