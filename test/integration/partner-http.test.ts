import { lookup as dnsLookup } from 'node:dns';
import { createServer, type AddressInfo, type LookupFunction } from 'node:net';
import { uuidv7 } from '../../src/common/ids.js';
import { PartnerError, PartnerTimeoutError } from '../../src/common/errors.js';
import { isForbiddenAddress } from '../../src/delivery-engine/address-guard.js';
import { PartnerHttp, PartnerRequestError } from '../../src/delivery-engine/partner-http.js';
import { enqueue, secretsFrom, waitForDelivery } from '../support/deliveries.js';
import { FakePartner } from '../support/fake-partner.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';

// Outbound HTTP to partners: the SSRF guard (after DNS resolution), timeouts, redirects, https in
// production, and the typed errors of the synchronous calls.

/** A resolver under the test's control: partner.test resolves to loopback, as a hostile DNS answer would. */
const lookup: LookupFunction = ((
  hostname: string,
  options: { all?: boolean },
  callback: (...args: unknown[]) => void,
) => {
  if (hostname !== 'partner.test') return dnsLookup(hostname, options as never, callback as never);
  if (options.all) return callback(null, [{ address: '127.0.0.1', family: 4 }]);
  callback(null, '127.0.0.1', 4);
}) as LookupFunction;

let partner: FakePartner;
let guarded: PartnerHttp;
let open: PartnerHttp;

beforeAll(async () => {
  partner = await FakePartner.start();
  guarded = new PartnerHttp({ allowPrivateAddresses: false, httpsOnly: false, timeoutMs: 2000, lookup });
  open = new PartnerHttp({ allowPrivateAddresses: true, httpsOnly: false, timeoutMs: 2000, lookup });
});
afterAll(() => partner.close());

describe('the SSRF guard (ALLOW_PRIVATE_PARTNER_URLS off)', () => {
  const port = () => new URL(partner.url).port;

  it.each([
    ['127.0.0.1', () => `http://127.0.0.1:${port()}/ssrf`],
    ['localhost', () => `http://localhost:${port()}/ssrf`],
    ['[::1]', () => `http://[::1]:${port()}/ssrf`],
    ['a name resolving to 127.0.0.1', () => `http://partner.test:${port()}/ssrf`],
  ])('refuses %s before sending anything', async (_label, url) => {
    await expect(guarded.post(url(), '{}')).rejects.toMatchObject({ kind: 'forbidden_address' });
    expect(partner.requestsTo('/ssrf')).toHaveLength(0);
  });

  it.each([['169.254.169.254'], ['10.0.0.1']])('refuses %s (metadata, private) without connecting', async (host) => {
    // The rule first: if it did not hold, the request below is never made.
    expect(isForbiddenAddress(host)).toBe(true);
    await expect(guarded.post(`http://${host}/latest/meta-data`, '{}')).rejects.toMatchObject({
      kind: 'forbidden_address',
    });
  });

  it('lets the same name through when private addresses are allowed (the resolver is really used)', async () => {
    const response = await open.post(`http://partner.test:${port()}/allowed`, '{"x":1}');
    expect(response.status).toBe(200);
    expect(partner.requestsTo('/allowed')[0].body).toBe('{"x":1}');
  });

  it('is applied by the delivery worker: the attempt is logged as refused, the partner hears nothing', async () => {
    const app = uuidv7();
    const t: TestHub = await startTestHub(
      { ALLOW_PRIVATE_PARTNER_URLS: 'false', DELIVERY_RETRY_SCHEDULE: '0.01' },
      { webhookSecrets: secretsFrom({ [app]: 'whsec_c3NyZi10ZXN0LXNlY3JldA==' }), partnerLookup: lookup },
    );
    try {
      const { id } = await enqueue(t.hub.orm, {
        eventType: 'ORDER_CREATED',
        applicationId: app,
        url: `http://partner.test:${port()}/worker`,
        payload: {},
      });
      const failed = await waitForDelivery(t.admin, id, (d) => d.status === 'FAILED');
      expect(failed.attempts).toHaveLength(2);
      expect(failed.attempts[0]).toMatchObject({ httpStatus: null, error: expect.stringMatching(/not allowed/) });
      expect(partner.requestsTo('/worker')).toHaveLength(0);
    } finally {
      await t.stop();
    }
  });
});

describe('partner calls', () => {
  it('does not follow redirects', async () => {
    partner.always('/moved', { status: 302, headers: { location: `${partner.url}/target` } });
    const response = await open.post(partner.urlFor('/moved'), '{}');
    expect(response.status).toBe(302);
    expect(partner.requestsTo('/target')).toHaveLength(0);
  });

  it('times out, and does not retry by itself', async () => {
    partner.hang('/slow');
    await expect(open.post(partner.urlFor('/slow'), '{}', { timeoutMs: 200 })).rejects.toMatchObject({
      kind: 'timeout',
    });
    expect(partner.requestsTo('/slow')).toHaveLength(1);
  });

  it('requires https in production and refuses credentials in URLs', async () => {
    const production = new PartnerHttp({ allowPrivateAddresses: false, httpsOnly: true, timeoutMs: 1000 });
    await expect(production.post(partner.urlFor('/x'), '{}')).rejects.toMatchObject({ kind: 'invalid_url' });
    await expect(open.post(`http://user:pw@127.0.0.1:${new URL(partner.url).port}/x`, '{}')).rejects.toBeInstanceOf(
      PartnerRequestError,
    );
    expect(partner.requestsTo('/x')).toHaveLength(0);
  });

  it('stops reading an answer over the size limit', async () => {
    partner.always('/big', { body: 'x'.repeat(200_000) });
    await expect(open.post(partner.urlFor('/big'), '{}', { maxResponseBytes: 10_000 })).rejects.toMatchObject({
      kind: 'too_large',
    });
  });

  it('sends the body byte for byte, multi-byte characters included, and returns the answer with its headers', async () => {
    partner.respond('/utf8', { status: 503, headers: { 'retry-after': '7' }, body: 'busy: réessayez' });
    const body = JSON.stringify({ name: 'Crème brûlée', price: '€ 7,50', note: '寿司 🍣' });
    const response = await open.post(partner.urlFor('/utf8'), body);
    expect(partner.requestsTo('/utf8')[0].body).toBe(body);
    expect(response).toMatchObject({ status: 503, body: 'busy: réessayez', headers: { 'retry-after': '7' } });
  });

  it('fails an answer cut off before its end as a network failure, not a success and not a hang', async () => {
    const cutting = createServer((socket) => {
      socket.once('data', () => {
        socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"partial":');
        socket.destroy();
      });
    });
    await new Promise<void>((resolve) => cutting.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(cutting.address() as AddressInfo).port}/cut`;
      await expect(open.post(url, '{}', { timeoutMs: 5000 })).rejects.toMatchObject({ kind: 'network' });
    } finally {
      cutting.close();
    }
  });

  it('postJson (the synchronous catalog pull) parses 2xx and maps failures to partner_error / partner_timeout', async () => {
    partner.respond(
      '/pull',
      { body: { data: { products: [] } } },
      { status: 500 },
      { hang: true },
      { body: 'not json' },
    );
    expect(await open.postJson(partner.urlFor('/pull'), { connection: { id: 'c' } })).toEqual({
      status: 200,
      body: { data: { products: [] } },
    });
    await expect(open.postJson(partner.urlFor('/pull'), {})).rejects.toBeInstanceOf(PartnerError);
    const timeout = open.postJson(partner.urlFor('/pull'), {}, { timeoutMs: 150 });
    await expect(timeout).rejects.toBeInstanceOf(PartnerTimeoutError);
    await expect(timeout).rejects.toMatchObject({ code: 'partner_timeout', status: 504 });
    await expect(open.postJson(partner.urlFor('/pull'), {})).rejects.toMatchObject({
      code: 'partner_error',
      status: 502,
    });
    expect(JSON.parse(partner.requestsTo('/pull')[0].body)).toEqual({ connection: { id: 'c' } });
  });
});
