// How the Activity screen says an entry: the action in words, and what changed in one line.

/** The kinds of record the filter offers (an action's first part: `order` in `order.statusChanged`). */
export const SUBJECTS = [
  { value: 'application', label: 'Applications' },
  { value: 'user', label: 'Users' },
  { value: 'account', label: 'Accounts' },
  { value: 'location', label: 'Locations' },
  { value: 'connection', label: 'Connections' },
  { value: 'catalog', label: 'Catalog' },
  { value: 'menu', label: 'Menus' },
  { value: 'storeStatus', label: 'Store status' },
  { value: 'order', label: 'Orders' },
  { value: 'delivery', label: 'Deliveries' },
];

const SUBJECT_WORD: Record<string, string> = {
  application: 'Application',
  user: 'User',
  account: 'Account',
  location: 'Location',
  connection: 'Connection',
  catalog: 'Catalog',
  menu: 'Menu',
  storeStatus: 'Store status',
  order: 'Order',
  delivery: 'Delivery',
};

/** `order.statusChanged` → "Order status changed"; an action the screen does not know reads as well. */
export function actionLabel(action: string): string {
  const [subject, verb = ''] = action.split('.');
  const words = verb.replace(/([A-Z])/g, ' $1').toLowerCase();
  return `${SUBJECT_WORD[subject] ?? subject} ${words}`.trim();
}

const shown = (value: unknown): string =>
  value === null || value === undefined
    ? '—'
    : typeof value === 'object'
      ? Array.isArray(value)
        ? `${value.length} item${value.length === 1 ? '' : 's'}`
        : 'changed'
      : String(value);

/** "status: NEW → ACCEPTED · reason: OTHER"; a secret's change reads "changed", never a value. */
export function changeSummary(changes: Record<string, unknown> | null): string | null {
  if (!changes) return null;
  const parts = Object.entries(changes).flatMap(([field, value]) => {
    if (value === null || value === undefined) return [];
    if (value === true) return `${field}: changed`;
    if (value && typeof value === 'object' && 'from' in value && 'to' in value) {
      const { from, to } = value as { from: unknown; to: unknown };
      return `${field}: ${shown(from)} → ${shown(to)}`;
    }
    return `${field}: ${shown(value)}`;
  });
  return parts.join(' · ') || null;
}
