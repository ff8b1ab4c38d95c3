import QRCode from 'qrcode';

/** The QR code of a visit's check-in link as PNG bytes (medium error correction, a quiet zone, 320 px). */
export function visitQrPng(link: string): Promise<Buffer> {
  return QRCode.toBuffer(link, { errorCorrectionLevel: 'M', margin: 2, width: 320, type: 'png' });
}
