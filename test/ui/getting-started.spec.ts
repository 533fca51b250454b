import type { Page } from '@playwright/test';
import { FakePartner } from '../support/fake-partner.js';
import { expect, signIn, test } from './fixtures.js';
import { addProduct } from './kitchen.js';

// Getting started: on an empty hub, Home shows the Application Flow as a checklist. An admin follows each
// step's link to its screen, does the step there, comes back Home and finds it ticked (the server's answer,
// from what the hub holds); once the menu is published the checklist is gone.

const CATALOG = {
  categories: [{ posReference: 'cat-mains', name: 'Mains' }],
  products: [{ posReference: 'pasta', name: 'Pasta', price: 1250, categories: ['cat-mains'] }],
};

const STEPS = [
  'Register a POS',
  'Register a marketplace',
  'Create an account',
  'Create a location',
  'Connect the POS and the marketplace',
  'Sync the catalog',
  'Build a menu',
  'Publish the menu',
];

// The checklist is for an empty hub: no other spec's records on it.
test.use({ ownHub: true });

let partner: FakePartner;
test.beforeAll(async () => {
  partner = await FakePartner.start();
  partner.always('/catalog', { body: CATALOG });
});
test.afterAll(() => partner?.close());

const checklist = (page: Page) => page.getByRole('region', { name: 'Getting started' });

async function goHome(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
}

/** Home's checklist shows the first `done` steps ticked and the others to do. */
async function expectDone(page: Page, done: number): Promise<void> {
  const steps = checklist(page).getByRole('list', { name: 'Getting started steps' });
  for (const [i, step] of STEPS.entries())
    await expect(steps.getByRole('listitem', { name: `${step}: ${i < done ? 'done' : 'to do'}` })).toBeVisible();
  await expect(checklist(page)).toContainText(`${done} of ${STEPS.length} done`);
}

/** Follows a step's link from Home. */
async function follow(page: Page, step: string): Promise<void> {
  await checklist(page).getByRole('link', { name: step }).click();
}

async function register(page: Page, kind: 'POS' | 'Marketplace', name: string): Promise<void> {
  await page.getByRole('button', { name: 'Register application' }).click();
  const dialog = page.getByRole('dialog', { name: 'Register application' });
  await dialog.getByText(kind, { exact: true }).click();
  await dialog.getByLabel('Application name').fill(name);
  await dialog.getByLabel('Redirect URIs').fill(partner.urlFor('/callback'));
  await dialog.getByLabel('Webhook URL').fill(partner.urlFor('/webhooks'));
  if (kind === 'POS') await dialog.getByLabel('Catalog pull URL').fill(partner.urlFor('/catalog'));
  else await dialog.getByLabel('Menu publication URL').fill(partner.urlFor('/menus'));
  await dialog.getByRole('button', { name: 'Register application' }).click();
  await page
    .getByRole('dialog', { name: `${name} registered` })
    .getByRole('button', { name: 'I have saved them' })
    .click();
}

test('an empty hub shows the Application Flow as a checklist, ticked step by step as it is done', async ({
  page,
  capture,
}) => {
  // Eight steps through as many screens, each checked on Home: longer than one screen's test.
  test.setTimeout(180_000);
  await signIn(page);
  await expect(checklist(page)).toBeVisible();
  await expectDone(page, 0);
  await capture('getting-started');

  await follow(page, 'Register a POS');
  await expect(page.getByRole('heading', { name: 'Applications' })).toBeVisible();
  await register(page, 'POS', 'Flow POS');
  await goHome(page);
  await expectDone(page, 1);

  await follow(page, 'Register a marketplace');
  await register(page, 'Marketplace', 'Flow Marketplace');
  await goHome(page);
  await expectDone(page, 2);

  await follow(page, 'Create an account');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('dialog', { name: 'Create account' }).getByLabel('Account name').fill('Flow Group');
  await page.getByRole('dialog', { name: 'Create account' }).getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Flow Group' })).toBeVisible();
  await goHome(page);
  await expectDone(page, 3);

  // The location is made on the account's page, where the step's link goes.
  await follow(page, 'Create a location');
  await expect(page.getByRole('heading', { name: 'Flow Group' })).toBeVisible();
  await page.getByRole('button', { name: 'Create location' }).click();
  const create = page.getByRole('dialog', { name: 'Create location' });
  await create.getByLabel('Location name').fill('Flow Street');
  await create.getByLabel('Currency').fill('EUR');
  await create.getByLabel('Timezone').fill('Europe/Rome');
  await create.getByRole('button', { name: 'Create location' }).click();
  await expect(page.getByRole('heading', { name: 'Flow Street' })).toBeVisible();
  await goHome(page);
  await expectDone(page, 4);
  await capture('getting-started-half-way');

  // One connection is not the step: both kinds are connected at the location.
  await follow(page, 'Connect the POS and the marketplace');
  await expect(page.getByRole('tab', { name: 'Connections', selected: true })).toBeVisible();
  await page.getByRole('button', { name: 'Connect Flow POS' }).click();
  await page
    .getByRole('dialog', { name: 'Connect Flow POS' })
    .getByRole('button', { name: 'Connect', exact: true })
    .click();
  const apps = page.getByRole('table', { name: 'Applications at this location' });
  await expect(apps.getByRole('row', { name: /Flow POS/ }).getByText('Connected', { exact: true })).toBeVisible();
  await goHome(page);
  await expectDone(page, 4);
  await follow(page, 'Connect the POS and the marketplace');
  await page.getByRole('button', { name: 'Connect Flow Marketplace' }).click();
  await page
    .getByRole('dialog', { name: 'Connect Flow Marketplace' })
    .getByRole('button', { name: 'Connect', exact: true })
    .click();
  await expect(
    apps.getByRole('row', { name: /Flow Marketplace/ }).getByText('Connected', { exact: true }),
  ).toBeVisible();
  await goHome(page);
  await expectDone(page, 5);

  await follow(page, 'Sync the catalog');
  await page.getByRole('button', { name: 'Sync catalog' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Catalog synced' })).toContainText('1 product');
  await goHome(page);
  await expectDone(page, 6);

  // A menu without items is not built yet.
  await follow(page, 'Build a menu');
  await page.getByRole('button', { name: 'Create menu' }).click();
  const menuDialog = page.getByRole('dialog', { name: 'Create menu' });
  await menuDialog.getByLabel('Menu name').fill('Dinner');
  await menuDialog.getByRole('button', { name: 'Create menu' }).click();
  await expect(page.getByRole('heading', { name: 'Dinner', level: 2 })).toBeVisible();
  await goHome(page);
  await expectDone(page, 6);
  // The step's link now opens that menu.
  await follow(page, 'Build a menu');
  await expect(page.getByRole('heading', { name: 'Dinner', level: 2 })).toBeVisible();
  await addProduct(page, 'pas', 'Pasta');
  await goHome(page);
  await expectDone(page, 7);
  await expect(checklist(page).getByRole('listitem', { name: 'Publish the menu: to do' })).toContainText('Next');

  await follow(page, 'Publish the menu');
  await page.getByRole('button', { name: 'Publish menu' }).click();
  await expect(
    page
      .getByRole('table', { name: 'Publications' })
      .getByRole('row', { name: /Flow Marketplace/ })
      .getByText('Delivered'),
  ).toBeVisible();
  await goHome(page);
  // Everything is done: Home is about the locations again.
  await expect(
    page.getByRole('table', { name: 'Locations' }).getByRole('link', { name: 'Flow Street', exact: true }),
  ).toBeVisible();
  await expect(checklist(page)).toHaveCount(0);
});
