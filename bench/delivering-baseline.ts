import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { Agent, createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { uuidv7 } from '../src/common/ids.js';
import { signWebhook } from '../src/delivery-engine/sign.js';

// The delivering baseline of bench/orders: the floor for "an order placed and its ORDER_CREATED
// delivered" on this machine, written the plainest way that is still durable and correct. node:http + pg, one
// process: the order row and its outbox row in one transaction (with a NOTIFY, delivered on commit);
// dispatchers woken by LISTEN lease pending rows with FOR UPDATE SKIP LOCKED (32 at a time), sign each
// (Standard Webhooks HMAC), POST it over a keep-alive agent to the POS and mark the batch delivered in one
// statement. No retries, no ordering chains, no rate limits: what the hub does beyond this is what it costs.

const CLAIM_BATCH = 32;
const DISPATCHERS = 4;
const CHANNEL = 'baseline_outbox';

export interface BaselineIds {
  locationId: string;
  accountId: string;
  applicationId: string;
  webhookUrl: string;
}

export interface DeliveringBaseline {
  url: string;
  close(): Promise<void>;
}

async function readJson(req: IncomingMessage): Promise<Record<string, any>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

/**
 * A baseline's order placement behind node:http: the order row and, in the same transaction, whatever
 * `alongside` writes for it (each baseline's own outbox), then 201 with the order. One shape for both baselines,
 * so they differ only in what they write beside the order.
 */
export function baselinePlacement(
  pool: pg.Pool,
  ids: Pick<BaselineIds, 'locationId' | 'accountId' | 'applicationId'>,
  externalIdPrefix: string,
  alongside: (client: pg.PoolClient, orderId: string, now: Date, body: Record<string, any>) => Promise<unknown>,
): Server {
  return createServer(async (req, res) => {
    try {
      const body = await readJson(req);
      const id = uuidv7();
      const now = new Date();
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(
          `INSERT INTO orders (id, created_at, updated_at, location_id, account_id, application_id, client_id, source_name, external_id, status, status_history, details, location_snapshot)
           VALUES ($1, $2, $2, $3, $4, $5, 'baseline', 'baseline', $6, 'NEW', $7, $8, '{}') ON CONFLICT (application_id, external_id) DO NOTHING`,
          [
            id,
            now,
            ids.locationId,
            ids.accountId,
            ids.applicationId,
            `${externalIdPrefix}${body.externalId}`,
            JSON.stringify([{ status: 'NEW', at: now.toISOString(), by: 'MARKETPLACE' }]),
            JSON.stringify(body),
          ],
        );
        await alongside(client, id, now, body);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ data: { id, ...body } }));
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  });
}

export async function deliveringBaseline(databaseUrl: string, ids: BaselineIds): Promise<DeliveringBaseline> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  await pool.query(`CREATE TABLE IF NOT EXISTS baseline_outbox (
    id uuid PRIMARY KEY, created_at timestamptz NOT NULL, event_type text NOT NULL, payload text NOT NULL,
    leased_until timestamptz NOT NULL DEFAULT '-infinity', delivered_at timestamptz)`);
  await pool.query(
    'CREATE INDEX IF NOT EXISTS baseline_outbox_pending ON baseline_outbox (id) WHERE delivered_at IS NULL',
  );
  const secret = `whsec_${randomBytes(24).toString('base64')}`;
  const target = new URL(ids.webhookUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });

  const post = (id: string, body: string) =>
    new Promise<void>((resolve, reject) => {
      const headers = {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        ...signWebhook(secret, id, Date.now() / 1000, body),
      };
      const req = request(
        { host: target.hostname, port: target.port, path: target.pathname, method: 'POST', agent, headers },
        (res) => {
          res.resume();
          res.on('end', () =>
            res.statusCode === 200 ? resolve() : reject(new Error(`POS answered ${res.statusCode}`)),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    });

  // Up to DISPATCHERS claim loops at once (a wake-up while all run makes one go round again). A claim is a short
  // statement of its own (rows leased for 30 s, so a crashed sender's rows go again); the POSTs run outside any
  // transaction; one statement then marks the batch delivered.
  let running = 0;
  let again = false;
  let closed = false;
  const dispatch = async (): Promise<void> => {
    if (running >= DISPATCHERS) {
      again = true;
      return;
    }
    running += 1;
    try {
      let rows: { id: string; payload: string }[];
      do {
        again = false;
        ({ rows } = await pool.query(
          `UPDATE baseline_outbox SET leased_until = now() + interval '30 s'
            WHERE id IN (SELECT id FROM baseline_outbox WHERE delivered_at IS NULL AND leased_until < now()
                          ORDER BY id LIMIT ${CLAIM_BATCH} FOR UPDATE SKIP LOCKED)
           RETURNING id, payload`,
        ));
        if (rows.length === 0) break;
        await Promise.all(rows.map((row) => post(row.id, row.payload)));
        await pool.query('UPDATE baseline_outbox SET delivered_at = now() WHERE id = ANY($1::uuid[])', [
          rows.map((r) => r.id),
        ]);
      } while ((again || rows.length === CLAIM_BATCH) && !closed);
    } finally {
      running -= 1;
    }
  };
  const listener = await pool.connect();
  listener.on(
    'notification',
    () => void dispatch().catch((error) => process.stderr.write(`baseline dispatch: ${error}\n`)),
  );
  await listener.query(`LISTEN ${CHANNEL}`);

  // The outbox row and the wake-up in one statement; the NOTIFY is delivered on commit.
  const srv = baselinePlacement(pool, ids, 'delivered-', (client, orderId, now, body) =>
    client.query(
      `WITH row AS (INSERT INTO baseline_outbox (id, created_at, event_type, payload) VALUES ($1, $2, 'ORDER_CREATED', $3) RETURNING id) SELECT pg_notify('${CHANNEL}', '') FROM row`,
      [uuidv7(), now, JSON.stringify({ eventType: 'ORDER_CREATED', orderId, newState: body })],
    ),
  );
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(srv.address() as AddressInfo).port}`,
    close: async () => {
      closed = true;
      await new Promise<void>((r) => srv.close(() => r()));
      listener.release();
      while (running > 0) await new Promise((r) => setImmediate(r));
      agent.destroy();
      await pool.end();
    },
  };
}
