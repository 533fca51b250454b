import type { Shape } from '../../shapes/shape.js';

// The one public shape of menus (docs/contract.md "Records"), for REST, GraphQL and the MenuExportEntity alike.
// Effective values are computed by SQL (menu-read.ts): name, price and taxRateIds are the override when set,
// else the catalog record's; show_online and snoozedUntil are always the catalog record's, live.

export type MenuItemView = Shape<'MenuItem'>;
export type MenuModifierView = Shape<'MenuModifier'>;
export type MenuView = Shape<'Menu'>;
