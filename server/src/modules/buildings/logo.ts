/** The image type of a file from its first bytes (its signature), never from its name. */
export function detectImageType(bytes: Buffer): 'image/png' | 'image/jpeg' | 'image/bmp' | undefined {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((byte, i) => bytes[i] === byte)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  // BMP: "BM", then the file size and a 14-byte header before the DIB header.
  if (bytes.length >= 26 && bytes[0] === 0x42 && bytes[1] === 0x4d) return 'image/bmp';
  return undefined;
}
