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

  it('uses a secret without the whsec_ prefix as its UTF-8 bytes (the reference implementation\'s raw format)', () => {
    const at = new Date('2026-11-23T06:00:00Z');
    const headers = signWebhook('a-raw-secret', 'msg_2', at.getTime() / 1000, '{}');
    expect(headers['webhook-signature']).toBe(new Webhook('a-raw-secret', { format: 'raw' }).sign('msg_2', at, '{}'));
  });
});
