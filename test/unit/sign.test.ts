import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { signWebhook, verifyWebhook } from '../../src/delivery-engine/sign.js';

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

describe('verifyWebhook', () => {
  const secret = `whsec_${randomBytes(32).toString('base64')}`;
  const at = new Date('2026-11-23T06:00:00Z');
  const now = at.getTime() / 1000;
  const signed = (body: string) => ({
    'webhook-id': 'msg_4',
    'webhook-timestamp': String(now),
    'webhook-signature': new Webhook(secret).sign('msg_4', at, body),
  });

  it('accepts what a Standard Webhooks sender signed, among other signatures too', () => {
    expect(verifyWebhook(secret, signed('{"c":3}'), '{"c":3}', now)).toBe(true);
    const headers = signed('{"c":3}');
    headers['webhook-signature'] = `v1,bm90IHRoaXMgb25l ${headers['webhook-signature']}`;
    expect(verifyWebhook(secret, headers, '{"c":3}', now)).toBe(true);
  });

  it('refuses another body, another secret, a missing header and a timestamp more than 5 minutes away', () => {
    expect(verifyWebhook(secret, signed('{"c":3}'), '{"c":4}', now)).toBe(false);
    expect(verifyWebhook(`whsec_${randomBytes(32).toString('base64')}`, signed('{}'), '{}', now)).toBe(false);
    const { 'webhook-signature': _signature, ...unsigned } = signed('{}');
    expect(verifyWebhook(secret, unsigned, '{}', now)).toBe(false);
    expect(verifyWebhook(secret, signed('{}'), '{}', now + 301)).toBe(false);
    expect(verifyWebhook(secret, signed('{}'), '{}', now - 301)).toBe(false);
    expect(verifyWebhook(secret, signed('{}'), '{}', now + 299)).toBe(true);
  });
});
