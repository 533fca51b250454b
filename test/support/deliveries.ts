import type { MikroORM } from '@mikro-orm/postgresql';
import { enqueueDelivery, type EnqueueDeliveryInput, type EnqueuedDelivery } from '../../src/delivery-engine/outbox.js';
import type { WebhookSecretSource } from '../../src/delivery-engine/webhook-secrets.js';
import type { HttpClient } from './http.js';

// Events are enqueued the way services will: enqueueDelivery inside a transaction of the hub's ORM.

export function enqueue(orm: MikroORM, input: EnqueueDeliveryInput & { url: string }): Promise<EnqueuedDelivery> {
  return orm.em.fork().transactional((em) => enqueueDelivery(em, input));
}

/** Many events, each in its own transaction (as many changes would), a few at a time. */
export async function enqueueMany(
  orm: MikroORM,
  inputs: (EnqueueDeliveryInput & { url: string })[],
  parallel = 8,
): Promise<EnqueuedDelivery[]> {
  const results: EnqueuedDelivery[] = new Array(inputs.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < inputs.length) {
        const index = next++;
        results[index] = await enqueue(orm, inputs[index]);
      }
    }),
  );
  return results;
}

/** A test's own table of webhook secrets, per application id. */
export function secretsFrom(secrets: Record<string, string>): WebhookSecretSource {
  return {
    async secretFor(applicationId) {
      const secret = secrets[applicationId];
      if (!secret) throw new Error('unknown application');
      return secret;
    },
  };
}

/** Polls the delivery log until the delivery satisfies `done`; the hub's own state, not a sleep. */
export async function waitForDelivery(
  client: HttpClient,
  id: string,
  done: (delivery: any) => boolean,
  timeoutMs = 10_000,
): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await client.get(`/v1/deliveries/${id}`);
    if (res.status === 200 && done(res.body.data)) return res.body.data;
    if (Date.now() > deadline)
      throw new Error(`delivery ${id} did not get there in ${timeoutMs} ms: ${JSON.stringify(res.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
