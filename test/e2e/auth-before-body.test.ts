import { connect } from 'node:net';
import { HUB_START_TIMEOUT_MS, startTestHub, type TestHub, type TestLocation } from '../support/test-hub.js';

// Bearer authentication runs before any body is read, so an anonymous client cannot make
// the hub parse 32 MiB catalog imports (or any body) for free.

let t: TestHub;
let loc: TestLocation;
beforeAll(async () => {
  t = await startTestHub();
  loc = await t.createLocation();
}, HUB_START_TIMEOUT_MS);
afterAll(() => t.stop());

const malformed = { raw: '{"categories": [', headers: { 'content-type': 'application/json' } };

it('answers 401 to an anonymous body without parsing it (REST and GraphQL)', async () => {
  // A parsed body would be a 400 (malformed JSON): a 401 shows authentication came first.
  const rest = await t.anonymous.put(`${loc.path}/catalog/import`, undefined, malformed);
  expect(rest.status).toBe(401);
  expect(rest.body.code).toBe('unauthorized');
  const wrongToken = await t.anonymous.put(`${loc.path}/catalog/import`, undefined, {
    ...malformed,
    token: 'not-a-token',
  });
  expect(wrongToken.status).toBe(401);
  const graphql = await t.anonymous.post('/graphql', undefined, malformed);
  expect(graphql.status).toBe(401);
  expect(graphql.body.errors[0].extensions.code).toBe('unauthorized');
  // With a token, the same body is read and refused as malformed.
  expect((await t.admin.put(`${loc.path}/catalog/import`, undefined, malformed)).status).toBe(400);
});

it('answers an anonymous 32 MiB upload at once and closes the connection, without waiting for the body', async () => {
  const { port } = new URL(t.url);
  const socket = connect(Number(port), '127.0.0.1');
  const answer = new Promise<string>((resolve, reject) => {
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
  // Only the headers and the body's first bytes are sent: the answer must not wait for the other 32 MiB.
  socket.write(
    `PUT ${loc.path}/catalog/import HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${32 * 1024 * 1024}\r\n\r\n{"categories": [`,
  );
  const text = await answer;
  expect(text).toMatch(/^HTTP\/1\.1 401 /);
  expect(text.toLowerCase()).toContain('connection: close');
  socket.destroy();
});
