import type { Grant } from '../../auth/authorize.js';
import { userBehind } from '../../common/principal.js';
import { sqlRows } from '../../db/raw-sql.js';

// "Getting started" on the home page of a hub that is still being set up: the Application Flow
// (docs/contract.md "Onboarding flows") as a checklist, each step ticked from what the hub holds within the
// caller's reach, and the location (and menu) the next steps are about, for the links to their screens.

/** The steps in the order they are done. */
export const GETTING_STARTED_STEPS = [
  'REGISTER_POS',
  'REGISTER_MARKETPLACE',
  'CREATE_ACCOUNT',
  'CREATE_LOCATION',
  'CONNECT',
  'SYNC_CATALOG',
  'BUILD_MENU',
  'PUBLISH_MENU',
] as const;
export type GettingStartedStepName = (typeof GETTING_STARTED_STEPS)[number];

export interface GettingStarted {
  steps: { step: GettingStartedStepName; done: boolean }[];
  /** Every step done: the home page no longer shows the checklist. */
  complete: boolean;
  /** The account of `locationId`; before any location, the first account (where one is made); null once all is done. */
  accountId: string | null;
  /** The location furthest along the flow (the first made, among equals); null while there is none or all is done. */
  locationId: string | null;
  /** Its menu with items (else its first menu): where Publish is. */
  menuId: string | null;
}

type Done = Record<GettingStartedStepName, boolean>;

/** SQL conditions on a location `l` that is connected to both kinds, has a catalog, a menu with items, a publication. */
const connectedTo = (
  kind: string,
) => `exists (select 1 from connections c join applications ap on ap.id = c.application_id
   where c.location_id = l.id and c.status = 'ACTIVE' and ap.kind = '${kind}')`;
const CONNECTED = `(${connectedTo('POS')} and ${connectedTo('MARKETPLACE')})`;
const SYNCED = 'exists (select 1 from products p where p.location_id = l.id)';
const BUILT = 'exists (select 1 from menus m join menu_items i on i.menu_id = m.id where m.location_id = l.id)';
const PUBLISHED =
  'exists (select 1 from menus m join menu_publications p on p.menu_id = m.id where m.location_id = l.id)';

export class GettingStartedService {
  /**
   * Operators only. Applications count when the caller may see them: every partner for an admin, for others
   * those they registered or that are connected to one of their locations; the hub's own sandbox partners
   * never count as registered.
   */
  async checklist({ ctx }: Grant): Promise<GettingStarted> {
    const { reach } = ctx;
    const accounts = [...reach.accountIds];
    const inReach = reach.all ? 'true' : 'l.account_id = any(?::uuid[])';
    const reachBinding = reach.all ? [] : [accounts];
    const userId = userBehind(ctx.principal)?.userId ?? null;
    const appVisible = reach.all
      ? 'true'
      : `(a.created_by_user_id = ?::uuid or exists (select 1 from connections c join locations l on l.id = c.location_id
           where c.application_id = a.id and c.status = 'ACTIVE' and l.account_id = any(?::uuid[])))`;
    const appBindings = reach.all ? [] : [userId, accounts];
    const registered = (kind: string) =>
      `exists (select 1 from applications a where a.kind = '${kind}' and not a.sandbox and ${appVisible})`;
    const atLocation = (condition: string) => `exists (select 1 from locations l where ${inReach} and ${condition})`;
    const [done] = await sqlRows<Done>(
      ctx.em,
      `select ${registered('POS')} as "REGISTER_POS",
              ${registered('MARKETPLACE')} as "REGISTER_MARKETPLACE",
              exists (select 1 from accounts a where ${reach.all ? 'true' : 'a.id = any(?::uuid[])'}) as "CREATE_ACCOUNT",
              ${atLocation('true')} as "CREATE_LOCATION",
              ${atLocation(CONNECTED)} as "CONNECT",
              ${atLocation(SYNCED)} as "SYNC_CATALOG",
              ${atLocation(BUILT)} as "BUILD_MENU",
              ${atLocation(PUBLISHED)} as "PUBLISH_MENU"`,
      [...appBindings, ...appBindings, ...reachBinding, ...Array(5).fill(reachBinding).flat()],
    );
    const steps = GETTING_STARTED_STEPS.map((step) => ({ step, done: done[step] }));
    const complete = steps.every((s) => s.done);
    const none = { accountId: null, locationId: null, menuId: null };
    if (complete || !done.CREATE_ACCOUNT) return { steps, complete, ...none };
    if (!done.CREATE_LOCATION) {
      // The account a first location is made in: the first one made.
      const [first] = await sqlRows<{ id: string }>(
        ctx.em,
        `select a.id from accounts a where ${reach.all ? 'true' : 'a.id = any(?::uuid[])'} order by a.created_at, a.id limit 1`,
        reachBinding,
      );
      return { steps, complete, ...none, accountId: first?.id ?? null };
    }
    // Read only while the hub is being set up: it looks at every location in reach.
    const [focus] = await sqlRows<{ accountId: string; locationId: string; menuId: string | null }>(
      ctx.em,
      `select l.account_id as "accountId", l.id as "locationId",
              (select m.id from menus m where m.location_id = l.id
                order by exists (select 1 from menu_items i where i.menu_id = m.id) desc, m.created_at, m.id limit 1) as "menuId"
         from locations l
        where ${inReach}
        order by ${PUBLISHED} desc, ${BUILT} desc, ${SYNCED} desc, ${CONNECTED} desc, l.created_at, l.id
        limit 1`,
      reachBinding,
    );
    return { steps, complete, ...(focus ?? none) };
  }
}
