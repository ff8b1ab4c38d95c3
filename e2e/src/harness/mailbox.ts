// Reads the messages the run's SMTP server received (smtp-sink.ts), from the folder the global
// setup provides.
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { inject } from 'vitest';
import './provided-context.ts';
import type { StoredMail } from './smtp-sink.ts';

export interface ReceivedMail extends StoredMail {
  subject: string;
  /** The plain-text body, decoded (quoted-printable or base64). */
  text: string;
}

export async function receivedMails(): Promise<ReceivedMail[]> {
  const folder = inject('mailDir');
  const names = (await readdir(folder)).filter((name) => name.endsWith('.json')).sort();
  const mails = await Promise.all(
    names.map(async (name) => JSON.parse(await readFile(join(folder, name), 'utf8')) as StoredMail),
  );
  return mails.map((mail) => ({ ...mail, ...parseMessage(mail.raw) }));
}

/** The messages sent to one address so far. */
export async function mailsTo(address: string): Promise<ReceivedMail[]> {
  const wanted = address.toLowerCase();
  return (await receivedMails()).filter((mail) => mail.to.includes(wanted));
}

function parseMessage(raw: string): { subject: string; text: string } {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headers)?.[1]?.trim() ?? '';
  const body = rest.join('\n\n');
  const parts = /boundary="?([^";]+)"?/i.exec(header('Content-Type'));
  let textPart = { encoding: header('Content-Transfer-Encoding'), content: body };
  if (parts?.[1]) {
    const plain = body.split(`--${parts[1]}`).find((part) => /content-type:\s*text\/plain/i.test(part));
    if (plain) {
      const [partHead = '', ...partBody] = plain.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
      const encoding = /content-transfer-encoding:\s*(\S+)/i.exec(partHead)?.[1] ?? '';
      textPart = { encoding, content: partBody.join('\n\n') };
    }
  }
  return { subject: decodeHeader(header('Subject')), text: decodeBody(textPart.content, textPart.encoding) };
}

function decodeBody(content: string, encoding: string): string {
  if (/base64/i.test(encoding)) return Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/quoted-printable/i.test(encoding)) return decodeQuotedPrintable(content.replace(/=\r?\n/g, ''));
  return content;
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text[i] === '=' ? text.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=). */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}
