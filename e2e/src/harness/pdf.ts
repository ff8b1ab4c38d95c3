// What Chromium prints, read from the PDF it makes with the page's print stylesheet: the number
// of pages and each page's size (its MediaBox, in points of 1/72 in, given in millimetres).
import type { Page } from 'playwright-core';

const MM_PER_POINT = 25.4 / 72;

export interface PrintedPages {
  count: number;
  /** Each page's width and height in whole millimetres (Chromium writes whole points). */
  sizesMm: [number, number][];
}

/** Reads a PDF's pages: Chromium writes each page object, and its MediaBox, as plain text. */
export function pagesOfPdf(pdf: Buffer): PrintedPages {
  const text = pdf.toString('latin1');
  const count = text.match(/\/Type\s*\/Page(?![s\w])/g)?.length ?? 0;
  const sizesMm = [...text.matchAll(/\/MediaBox\s*\[\s*([\d.-]+)\s+([\d.-]+)\s+([\d.-]+)\s+([\d.-]+)\s*\]/g)].map(
    (box): [number, number] => {
      const [x0, y0, x1, y1] = box.slice(1, 5).map(Number) as [number, number, number, number];
      const mm = (points: number) => Math.round(points * MM_PER_POINT);
      return [mm(x1 - x0), mm(y1 - y0)];
    },
  );
  return { count, sizesMm };
}

/** The pages Chromium prints: on the given paper, or on the page size the print stylesheet sets. */
export async function printedPages(
  page: Page,
  paper: { format: 'A4' | 'Letter'; landscape?: boolean } | 'css',
): Promise<PrintedPages> {
  const pdf =
    paper === 'css'
      ? await page.pdf({ preferCSSPageSize: true, printBackground: true })
      : await page.pdf({ format: paper.format, landscape: paper.landscape ?? false, printBackground: false });
  return pagesOfPdf(pdf);
}
