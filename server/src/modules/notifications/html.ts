// A lifecycle e-mail in two bodies: plain text, and HTML with the building's logo, the visit's
// QR code and the visitor's photo as inline images (content ids `logo`, `qr` and
// `visitor-photo`, sent as attachments of the message).

export type Block =
  | { kind: 'text'; text: string }
  /** A sentence with its link: the sentence is the link's words in HTML, followed by the address in text. */
  | { kind: 'link'; text: string; href: string }
  | { kind: 'qr'; alt: string }
  /** The visitor's photo (the host's arrival notice), inline; nothing in the text body. */
  | { kind: 'photo'; alt: string };

export interface MailBody {
  locale: string;
  title: string;
  /** The building's logo as an inline image, with its words for screen readers; none without a logo. */
  logoAlt: string | null;
  blocks: readonly Block[];
  footer: string;
}

export const LOGO_CID = 'logo';
export const QR_CID = 'qr';
export const PHOTO_CID = 'visitor-photo';

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => escapes[c]!);

export function textBody(body: MailBody): string {
  const parts = body.blocks.flatMap((block) => {
    if (block.kind === 'text') return [block.text];
    // A link shown as its own address is written once.
    if (block.kind === 'link') return [block.text === block.href ? block.href : `${block.text}:\n${block.href}`];
    return [];
  });
  return [...parts, body.footer].join('\n\n');
}

export function htmlBody(body: MailBody): string {
  const rows = body.blocks.map((block) => {
    if (block.kind === 'text') return `<p style="margin:0 0 16px">${escapeHtml(block.text)}</p>`;
    if (block.kind === 'link') {
      return `<p style="margin:0 0 16px"><a href="${escapeHtml(block.href)}" style="color:#1c4ed8">${escapeHtml(block.text)}</a></p>`;
    }
    if (block.kind === 'photo') {
      return `<p style="margin:0 0 16px"><img src="cid:${PHOTO_CID}" width="160" alt="${escapeHtml(block.alt)}" style="display:block;max-width:160px;height:auto;border-radius:8px"></p>`;
    }
    return `<p style="margin:0 0 16px"><img src="cid:${QR_CID}" width="240" height="240" alt="${escapeHtml(block.alt)}" style="display:block"></p>`;
  });
  const logo = body.logoAlt
    ? `<p style="margin:0 0 24px"><img src="cid:${LOGO_CID}" alt="${escapeHtml(body.logoAlt)}" style="max-height:64px;max-width:240px"></p>`
    : '';
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(body.locale)}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(body.title)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1f2937">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">',
    logo,
    ...rows,
    `<p style="margin:24px 0 0;font-size:13px;color:#4b5563">${escapeHtml(body.footer)}</p>`,
    '</div></body></html>',
  ].join('\n');
}
