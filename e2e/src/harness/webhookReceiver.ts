// A webhook receiver on loopback for one scenario (docs/webhooks.md): it answers 200 to every
// delivery, keeps each with its headers, and lets the scenario wait for one that matches; the wait
// ends when it arrives (no polling), or fails after a timeout naming what did arrive.
import { createHmac } from 'node:crypto';
import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_SIGNATURE_HEADER, parseWebhookSignature, webhookSignedText } from '@vestibule/shared';

export interface ReceivedDelivery {
  headers: IncomingHttpHeaders;
  body: string;
}

interface Waiter {
  matches: (delivery: ReceivedDelivery) => boolean;
  resolve: (delivery: ReceivedDelivery) => void;
}

export class WebhookReceiver {
  readonly #server: Server;
  readonly #received: ReceivedDelivery[] = [];
  readonly #waiters = new Set<Waiter>();
  #url = '';

  private constructor() {
    this.#server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const delivery = { headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
        this.#received.push(delivery);
        response.writeHead(200).end('ok');
        for (const waiter of this.#waiters) {
          if (!waiter.matches(delivery)) continue;
          this.#waiters.delete(waiter);
          waiter.resolve(delivery);
        }
      });
    });
  }

  static async start(): Promise<WebhookReceiver> {
    const receiver = new WebhookReceiver();
    await new Promise<void>((resolve) => receiver.#server.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.#server.address() as AddressInfo;
    receiver.#url = `http://127.0.0.1:${port}/vestibule`;
    return receiver;
  }

  get url(): string {
    return this.#url;
  }

  /** The first delivery that matches, already received or still to come. */
  waitFor(matches: (delivery: ReceivedDelivery) => boolean, timeoutMs: number): Promise<ReceivedDelivery> {
    const found = this.#received.find(matches);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        matches,
        resolve: (delivery) => {
          clearTimeout(timer);
          resolve(delivery);
        },
      };
      const timer = setTimeout(() => {
        this.#waiters.delete(waiter);
        const events = this.#received.map((delivery) => delivery.body.slice(0, 120));
        reject(new Error(`No matching webhook delivery within ${timeoutMs} ms; received: ${JSON.stringify(events)}`));
      }, timeoutMs);
      this.#waiters.add(waiter);
    });
  }

  close(): Promise<void> {
    this.#server.closeAllConnections();
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}

/** Whether a delivery carries a signature of its body with `secret`, made within five minutes. */
export function isSignedWith(delivery: ReceivedDelivery, secret: string): boolean {
  const parsed = parseWebhookSignature(String(delivery.headers[WEBHOOK_SIGNATURE_HEADER]));
  if (!parsed) return false;
  const expected = createHmac('sha256', secret)
    .update(webhookSignedText(parsed.timestamp, delivery.body))
    .digest('hex');
  return expected === parsed.signature && Math.abs(Date.now() / 1000 - parsed.timestamp) < 300;
}
