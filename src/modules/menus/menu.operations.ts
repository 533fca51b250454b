import { declareOperations, EVERYONE, PARTNERS, type OperationRule } from '../../auth/operation.js';

const read: Omit<OperationRule<'location'>, 'name'> = { callers: EVERYONE, scope: 'menu.read', reaches: 'location' };
const write: Omit<OperationRule<'location'>, 'name'> = { callers: EVERYONE, scope: 'menu.write', reaches: 'location' };

/** Menus of a location and their publications: menu.read and menu.write (src/auth/operation.ts). */
export const MENU_OPERATIONS = declareOperations('menus', {
  list: read,
  /** Also the live menuChanged subscription. */
  read,
  create: write,
  update: write,
  delete: write,
  addItem: write,
  updateItem: write,
  deleteItem: write,
  reorderItems: write,
  addModifier: write,
  updateModifier: write,
  /** To a marketplace connection of the location; a partner publishes through its own connection only. */
  publish: { ...write, ownRecordsOnly: { connections: PARTNERS } },
  /** Also the live menuPublicationChanged subscription. */
  listPublications: read,
});
