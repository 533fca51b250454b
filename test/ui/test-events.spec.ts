import { FakePartner } from '../support/fake-partner.js';
import { expect, signIn, test } from './fixtures.js';

// "Send test event" beside each URL on an application's page: the operator picks an event type the application
// receives at that URL, the partner (a real server on loopback) gets a signed sample, and the page shows what it
// answered and links to the delivery in the log.

let partner: FakePartner;
test.beforeAll(async () => {
  partner = await FakePartner.start();
  partner.always('/webhooks', { body: { received: 'sample noted' } });
  partner.always('/menus', { status: 503, body: 'Menus are being rebuilt' });
});
test.afterAll(async () => partner?.close());

test('an operator sends test events to each URL and reads what the partner answered', async ({
  page,
  hub,
  capture,
}) => {
  const app = await hub.createApplication('MARKETPLACE', {
    name: 'Test Event Marketplace',
    webhookUrl: partner.urlFor('/webhooks'),
    menuPublicationUrl: partner.urlFor('/menus'),
    storeStatusUrl: partner.urlFor('/store-status'),
  });
  await hub.connect(app, await hub.createLocation(), { storeId: 'store-7' });
  await signIn(page);
  await page.goto(`/ui/applications/${app.id}`);
  await expect(page.getByRole('heading', { name: 'Test Event Marketplace' })).toBeVisible();
  const events = page.getByRole('region', { name: 'Test events' });

  // The webhook URL: only the types that go there are offered; the partner's 200 and the start of its body show.
  const webhook = events.getByRole('group', { name: 'Webhook URL' });
  await webhook.getByRole('combobox', { name: 'Event type' }).click();
  await expect(page.getByRole('option', { name: 'MENU_PUBLISHED' })).toHaveCount(0);
  await page.getByRole('option', { name: 'ITEMS_SNOOZED' }).click();
  await webhook.getByRole('button', { name: 'Send test event' }).click();
  const answer = webhook.getByRole('status', { name: 'Answer to ITEMS_SNOOZED' });
  await expect(answer).toContainText('DELIVERED');
  await expect(answer).toContainText(/ITEMS_SNOOZED: HTTP 200 in \d+ ms/);
  await expect(answer).toContainText('sample noted');
  const [received] = partner.requestsTo('/webhooks');
  expect(received!.headers['webhook-signature']).toMatch(/^v1,/);
  expect(JSON.parse(received!.body)).toMatchObject({ eventType: 'ITEMS_SNOOZED', test: true });

  // The menu publication URL answers 503: shown as failed, with what it said.
  const menus = events.getByRole('group', { name: 'Menu publication URL' });
  await expect(menus.getByRole('combobox', { name: 'Event type' })).toHaveValue('MENU_PUBLISHED');
  await menus.getByRole('button', { name: 'Send test event' }).click();
  const refused = menus.getByRole('status', { name: 'Answer to MENU_PUBLISHED' });
  await expect(refused).toContainText('FAILED');
  await expect(refused).toContainText(/MENU_PUBLISHED: HTTP 503 in \d+ ms/);
  await expect(refused).toContainText('Menus are being rebuilt');
  await capture('application-test-events');

  // The delivery it left, opened in the application's delivery log.
  await refused.getByRole('link', { name: 'Open the delivery' }).click();
  const delivery = page.getByRole('dialog', { name: 'Menu published delivery' });
  await expect(delivery.getByRole('table', { name: 'Attempts' })).toContainText('503');
});
