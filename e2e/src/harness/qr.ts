// Reads a QR code from a PNG as a phone or a kiosk would: ZXing's reader (the library the kiosk's
// scanner is built on) over the picture's grey levels.
import { BinaryBitmap, DecodeHintType, HybridBinarizer, QRCodeReader, RGBLuminanceSource } from '@zxing/library';
import { PNG } from 'pngjs';

/** The text the QR code of a PNG holds; throws when there is no readable code. */
export function decodeQrPng(png: Buffer): string {
  const image = PNG.sync.read(png);
  const luminances = new Uint8ClampedArray(image.width * image.height);
  for (let i = 0; i < luminances.length; i++) {
    const [r, g, b, a] = [
      image.data[i * 4] ?? 0,
      image.data[i * 4 + 1] ?? 0,
      image.data[i * 4 + 2] ?? 0,
      image.data[i * 4 + 3] ?? 255,
    ];
    // Transparent pixels read as white, as a mail client draws them on a white page.
    const level = (r + 2 * g + b) / 4;
    luminances[i] = Math.round((level * a + 255 * (255 - a)) / 255);
  }
  const source = new RGBLuminanceSource(luminances, image.width, image.height);
  // The picture is the code alone, square to the page: read it as such. ZXing's finder-pattern
  // search, made for camera frames, misses about one generated code in five.
  const hints = new Map([[DecodeHintType.PURE_BARCODE, true]]);
  return new QRCodeReader().decode(new BinaryBitmap(new HybridBinarizer(source)), hints).getText();
}
