import { DELIVERY_EVENT_TYPES } from '../../src/delivery-engine/outbox.js';
import { randomBytes } from 'node:crypto';
import { configureSecretBox } from '../../src/common/crypto.js';
import { OBJECT_TYPE_OF, webhookDelivery, withSealedCredentials } from '../../src/delivery-engine/webhook-event.js';

// One envelope on every webhook body (docs/contract.md "Shapes existing clients send" and "Calls the hub makes"),
// whatever the event type.

const recipient = { applicationId: 'app-1', connectionId: 'conn-1', url: 'https://partner.example/hook' };

describe('webhookDelivery', () => {
  it.each(DELIVERY_EVENT_TYPES)(
    '%s carries eventId, eventType, objectType, eventTime, accountId, locationId, connectionId and test',
    (eventType) => {
      const delivery = webhookDelivery({
        eventType,
        accountId: 'acc-1',
        locationId: 'loc-1',
        recipient,
        body: { extra: 1 },
      });
      expect(delivery.payload).toEqual({
        eventId: delivery.eventId,
        eventType,
        objectType: OBJECT_TYPE_OF[eventType],
        eventTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        accountId: 'acc-1',
        locationId: 'loc-1',
        connectionId: 'conn-1',
        test: false,
        extra: 1,
      });
      expect(delivery).toMatchObject({
        eventType,
        applicationId: 'app-1',
        accountId: 'acc-1',
        locationId: 'loc-1',
        connectionId: 'conn-1',
        url: recipient.url,
      });
    },
  );

  it('gives each receiver its own eventId, and one change one eventTime when given', () => {
    const input = {
      eventType: 'ORDER_CREATED' as const,
      eventTime: '2026-11-23T12:00:00.000Z',
      accountId: 'a',
      locationId: 'l',
      recipient,
      body: {},
    };
    const [first, second] = [webhookDelivery(input), webhookDelivery(input)];
    expect(first.eventId).not.toBe(second.eventId);
    expect(first.payload.eventTime).toBe(second.payload.eventTime);
  });

  it('puts the connection in the body only when asked, its credentials masked and sealed apart until sending', () => {
    configureSecretBox(randomBytes(32));
    const withKeys = webhookDelivery({
      eventType: 'MENU_UPDATED',
      accountId: 'a',
      locationId: 'l',
      recipient,
      body: {},
      credentials: { apiKey: 'secret-key-42' },
      orderingKey: 'menu:1',
    });
    // What is stored (and read back by the delivery log) holds them masked; the sealed copy is not readable text.
    expect(withKeys.payload.connection).toEqual({ id: 'conn-1', credentials: { apiKey: '****y-42' } });
    expect(withKeys.credentialsSealed).toEqual(expect.any(String));
    expect(`${JSON.stringify(withKeys.payload)}${withKeys.credentialsSealed}`).not.toContain('secret-key-42');
    // What is sent holds them in clear.
    const sent = JSON.parse(withSealedCredentials(JSON.stringify(withKeys.payload), withKeys.credentialsSealed!));
    expect(sent.connection).toEqual({ id: 'conn-1', credentials: { apiKey: 'secret-key-42' } });
    expect(withKeys.orderingKey).toBe('menu:1');
    expect(withKeys.url).not.toContain('secret-key-42');
    const plain = webhookDelivery({ eventType: 'ORDER_CREATED', accountId: 'a', locationId: 'l', recipient, body: {} });
    expect(plain.payload).not.toHaveProperty('connection');
    expect(plain.credentialsSealed).toBeNull();
  });
});
