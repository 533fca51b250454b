import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { signWebhook } from '../../src/delivery-engine/sign.js';

// Standard Webhooks signatures (src/delivery-engine/sign.ts).

describe('signWebhook', () => {
  it('matches the Standard Webhooks reference implementation', () => {
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    const body = '{"a":1}';
    const at = new Date('2026-11-23T06:00:00Z');
    const headers = signWebhook(secret, 'msg_1', at.getTime() / 1000, body);
    expect(headers['webhook-signature']).toBe(new Webhook(secret).sign('msg_1', at, body));
    expect(headers['webhook-timestamp']).toBe(String(at.getTime() / 1000));
  });

  it("uses a secret without the whsec_ prefix as its UTF-8 bytes (the reference implementation's raw format)", () => {
    const at = new Date('2026-11-23T06:00:00Z');
    const headers = signWebhook('a-raw-secret', 'msg_2', at.getTime() / 1000, '{}');
    expect(headers['webhook-signature']).toBe(new Webhook('a-raw-secret', { format: 'raw' }).sign('msg_2', at, '{}'));
  });

  it("signs with each secret's own key when secrets change between calls (the keys are cached per secret)", () => {
    const at = new Date('2026-11-23T06:00:00Z');
    const secrets = Array.from({ length: 3 }, () => `whsec_${randomBytes(32).toString('base64')}`);
    for (const secret of [...secrets, ...secrets.reverse()]) {
      const headers = signWebhook(secret, 'msg_3', at.getTime() / 1000, '{"b":2}');
      expect(headers['webhook-signature']).toBe(new Webhook(secret).sign('msg_3', at, '{"b":2}'));
    }
  });
});
