// An SMTP server on loopback for the whole run: the Vestibule server sends its e-mails to it
// (SMTP_URL), and each message received lands as one JSON file in a folder the tests read
// (see mailbox.ts), so a scenario can check what a person would find in their inbox.
import { randomUUID } from 'node:crypto';
import { rename, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

/** One received message as stored on disk. */
export interface StoredMail {
  /** Envelope recipients. */
  to: string[];
  from: string | null;
  /** The whole message as sent (headers and MIME body). */
  raw: string;
  receivedAt: string;
}

export interface SmtpSink {
  url: string;
  close(): Promise<void>;
}

export async function startSmtpSink(folder: string): Promise<SmtpSink> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const mail: StoredMail = {
          to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
          raw: Buffer.concat(chunks).toString('utf8'),
          receivedAt: new Date().toISOString(),
        };
        // Written aside, then renamed: a reader never sees half a message.
        const name = `${Date.now()}-${randomUUID()}`;
        const partial = join(folder, `${name}.partial`);
        writeFile(partial, JSON.stringify(mail))
          .then(() => rename(partial, join(folder, `${name}.json`)))
          .then(() => callback(), callback);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
