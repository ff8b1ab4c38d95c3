// A local SMTP server for the tests: the mail sender delivers to it over a real SMTP exchange, and
// the test reads what arrived, with the addresses each message was delivered to.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message the sink received: the envelope's recipients and the message as sent. */
export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface SmtpSink {
  /** The `smtp://` address to give the mail sender. */
  url: string;
  /** Every message received, oldest first. */
  received: ReceivedMail[];
  close: () => Promise<void>;
}

/** Starts the sink on a free loopback port. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
