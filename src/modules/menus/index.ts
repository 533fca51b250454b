// The menus module's public face: what other modules and the wiring (src/services.ts, src/graphql, src/rest)
// may use. Everything else in this folder is the module's own; .dependency-cruiser.cjs enforces it.

export { MenuChangeListener } from './menu-change-listener.js';
export { type ExportLocation, type MenuExport, readExportLocation, readMenuExport } from './menu-export.js';
export { MenuItem } from './menu-item.entity.js';
export { MenuModifier } from './menu-modifier.entity.js';
export { MenuPublication } from './menu-publication.entity.js';
export { MenuPublicationService } from './menu-publication.service.js';
export { type MenuPublicationView, PUBLICATION_STATUSES, type PublicationStatus } from './menu-publication.view.js';
export { Menu } from './menu.entity.js';
export { MENU_OPERATIONS } from './menu.operations.js';
export { MenuService } from './menu.service.js';
export type { MenuItemView, MenuView } from './menu.view.js';
