// An SMTP server on loopback for one scenario, holding what it receives in memory, parsed as a mail
// client reads it (postal-mime: subject, text and HTML bodies, attachments with their bytes). A
// scenario that starts a Vestibule server of its own points SMTP_URL at it, and waits for a message
// to an address: the wait ends when the message arrives (no polling), or fails after a timeout
// naming what did arrive.
import type { AddressInfo } from 'node:net';
import PostalMime, { type Attachment, type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface InboxMail extends Email {
  /** Envelope recipients, in lower case. */
  recipients: string[];
  /** The whole message as sent (headers and MIME body). */
  raw: string;
}

interface Waiter {
  address: string;
  matches: (mail: InboxMail) => boolean;
  resolve: (mail: InboxMail) => void;
}

export class Inbox {
  readonly #server: SMTPServer;
  readonly #mails: InboxMail[] = [];
  readonly #waiters = new Set<Waiter>();
  #url = '';

  private constructor() {
    this.#server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('error', callback);
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const recipients = session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase());
          PostalMime.parse(raw).then(
            (email) => {
              this.receive({ ...email, recipients, raw });
              callback();
            },
            (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
          );
        });
      },
    });
  }

  /** Starts listening on a free loopback port. */
  static async start(): Promise<Inbox> {
    const inbox = new Inbox();
    await new Promise<void>((resolve, reject) => {
      inbox.#server.once('error', reject);
      inbox.#server.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = inbox.#server.server.address() as AddressInfo;
    inbox.#url = `smtp://127.0.0.1:${port}`;
    return inbox;
  }

  /** The SMTP_URL of this inbox. */
  get url(): string {
    return this.#url;
  }

  private receive(mail: InboxMail): void {
    this.#mails.push(mail);
    for (const waiter of [...this.#waiters]) {
      if (mail.recipients.includes(waiter.address) && waiter.matches(mail)) {
        this.#waiters.delete(waiter);
        waiter.resolve(mail);
      }
    }
  }

  /** The messages received for an address so far, oldest first. */
  mailsTo(address: string): InboxMail[] {
    const wanted = address.toLowerCase();
    return this.#mails.filter((mail) => mail.recipients.includes(wanted));
  }

  /** The first message to `address` that `matches`, received already or when it arrives. */
  waitFor(address: string, matches: (mail: InboxMail) => boolean, timeoutMs: number): Promise<InboxMail> {
    const wanted = address.toLowerCase();
    const received = this.mailsTo(wanted).find(matches);
    if (received) return Promise.resolve(received);
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        address: wanted,
        matches,
        resolve: (mail) => {
          clearTimeout(timer);
          resolve(mail);
        },
      };
      const timer = setTimeout(() => {
        this.#waiters.delete(waiter);
        const subjects = this.mailsTo(wanted).map((mail) => `"${mail.subject ?? ''}"`);
        reject(
          new Error(
            `No matching e-mail to ${wanted} within ${timeoutMs} ms; received: ${subjects.join(', ') || 'nothing'}`,
          ),
        );
      }, timeoutMs);
      this.#waiters.add(waiter);
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}

/** An attachment of a message by its file name, with its bytes; throws naming the ones it has. */
export function attachmentOf(mail: Email, fileName: string): Attachment & { bytes: Buffer } {
  const found = mail.attachments.find((attachment) => attachment.filename === fileName);
  if (!found) {
    const names = mail.attachments.map((attachment) => attachment.filename ?? '(unnamed)');
    throw new Error(`No attachment ${fileName} in "${mail.subject ?? ''}"; it has ${names.join(', ') || 'none'}`);
  }
  const content = found.content;
  const bytes =
    typeof content === 'string' ? Buffer.from(content, 'utf8') : Buffer.from(new Uint8Array(content as ArrayBuffer));
  return { ...found, bytes };
}
