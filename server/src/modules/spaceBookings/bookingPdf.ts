import PDFDocument from 'pdfkit';
import { visitQrPng } from '../notifications/visitQr.ts';

// A booking on one printable page (docs/space-booking.md, "Public calls"): its title, when,
// where, who, its description and the QR code of its export page, for a room's door or a
// guest's pocket. Drawn with pdfkit's standard Helvetica, whose encoding covers the product's
// languages; a character outside it prints as "?" rather than as a wrong glyph.

/** What the page says, already in the reader's language. */
export interface BookingPage {
  title: string;
  headings: { when: string; where: string; people: string };
  when: readonly string[];
  more: string | null;
  where: readonly string[];
  host: string | null;
  attendees: readonly string[];
  description: string | null;
  online: string;
  link: string;
}

/** The characters Helvetica's Windows encoding holds (Latin-1 and the typographic marks). */
const printable = (text: string) => text.replace(/[^\n\u0020-\u007e\u00a0-\u00ff‘’‚“”„•–—…€™]/g, '?');

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const QR_SIZE = 120;

export async function bookingPdf(page: BookingPage): Promise<Buffer> {
  const qr = await visitQrPng(page.link);
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: page.title, Creator: 'Vestibule' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = A4.width - 2 * MARGIN - QR_SIZE - 16;
  doc.image(qr, A4.width - MARGIN - QR_SIZE, MARGIN, { width: QR_SIZE, height: QR_SIZE });
  doc.font('Helvetica-Bold').fontSize(22).text(printable(page.title), MARGIN, MARGIN, { width });
  const section = (heading: string, lines: readonly string[]) => {
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(12).text(printable(heading), { width });
    doc.font('Helvetica').fontSize(11);
    for (const line of lines) doc.text(printable(line), { width });
  };
  section(page.headings.when, page.more ? [...page.when, page.more] : page.when);
  section(page.headings.where, page.where);
  section(page.headings.people, page.host ? [page.host] : []);
  if (page.attendees.length > 0) doc.text(printable(page.attendees.join(', ')), { width, height: 90, ellipsis: true });
  if (page.description) {
    doc.moveDown(0.8).font('Helvetica').fontSize(11);
    // The description keeps to the page: what does not fit is cut with an ellipsis.
    doc.text(printable(page.description), { width, height: A4.height - MARGIN - 60 - doc.y, ellipsis: true });
  }
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#444444')
    .text(printable(page.online), MARGIN, A4.height - MARGIN - 24, { width: A4.width - 2 * MARGIN, lineBreak: false });
  doc.end();
  return finished;
}
