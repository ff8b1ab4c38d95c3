import PostalMime from 'postal-mime';
import { expect } from 'vitest';
import { text } from './i18n.ts';
import { mailsTo } from './mailbox.ts';

/** The invitation e-mail is sent by the server's background job. */
const MAIL_TIMEOUT_MS = 45_000;

/** The visit code and PIN the invitation's e-mail gives the visitor. */
export async function codesOfInvitation(email: string): Promise<{ code: string; pin: string }> {
  // The sentence as the catalogue words it, wherever the mail's text wraps it.
  const sentence = text('en', 'mail.lifecycle.invitation.code', { identifier: '\u0001', pin: '\u0002' })
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/\s+/g, '\\s+')
    .replace('\u0001', '(?<code>[A-Z0-9]{8})')
    .replace('\u0002', '(?<pin>\\d{4})');
  const line = new RegExp(sentence);
  let found: { code: string; pin: string } | undefined;
  await expect
    .poll(
      async () => {
        // Parsed as a mail client reads it (the invitation nests its text in related parts).
        const texts = await Promise.all(
          (await mailsTo(email)).map(async (mail) => (await PostalMime.parse(mail.raw)).text),
        );
        const match = texts.map((body) => line.exec(body ?? '')).find(Boolean);
        found = match?.groups ? { code: match.groups.code ?? '', pin: match.groups.pin ?? '' } : undefined;
        return found !== undefined;
      },
      { timeout: MAIL_TIMEOUT_MS, interval: 1_000, message: `an invitation with its code and PIN to ${email}` },
    )
    .toBe(true);
  return found!;
}
