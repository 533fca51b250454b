import type { IncomingMessage } from 'node:http';
import { Webhook } from 'standardwebhooks';

// What every partner's receiver does first with a call from the hub: read the raw body (the signature covers
// its bytes, so it is verified before it is parsed), verify the Standard Webhooks headers with the application's
// webhook secret, and tell a repeat (the same webhook-id: a retry, a replay, or the event feed) from a new event.

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export interface HubEvent {
  eventId: string;
  eventType: string;
  [field: string]: unknown;
}

/** Verifies calls with one webhook secret and remembers the eventIds handled (a real partner keeps them stored). */
export class WebhookReceiver {
  private readonly webhook: Webhook;
  private readonly handled = new Set<string>();

  constructor(webhookSecret: string) {
    this.webhook = new Webhook(webhookSecret);
  }

  /** The event, or null when the signature or the timestamp does not verify (answer 401 then). */
  verify(body: string, headers: IncomingMessage['headers']): HubEvent | null {
    try {
      return this.webhook.verify(body, headers as Record<string, string>) as HubEvent;
    } catch {
      return null;
    }
  }

  /** True the first time an eventId is seen: act on it then, and only answer 2xx to a repeat. */
  firstTime(event: HubEvent): boolean {
    if (this.handled.has(event.eventId)) return false;
    this.handled.add(event.eventId);
    return true;
  }
}
