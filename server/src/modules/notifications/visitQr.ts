import QRCode from 'qrcode';

/**
 * How every QR code of the product is drawn: medium error correction, a quiet zone, and each module
 * a whole 8 px (about 330 px for a check-in link). Whole-pixel modules keep every edge sharp, where a
 * fixed width would give modules of uneven sizes that cameras and readers misjudge.
 */
export const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 2, scale: 8 } as const;

/** The QR code of a visit's check-in link as PNG bytes. */
export function visitQrPng(link: string): Promise<Buffer> {
  return QRCode.toBuffer(link, { ...QR_OPTIONS, type: 'png' });
}
