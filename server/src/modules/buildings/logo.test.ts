import { describe, expect, it } from 'vitest';
import { detectImageType } from './logo.ts';

describe('logo signature check', () => {
  it('recognises PNG, JPEG and BMP by their bytes', () => {
    expect(detectImageType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(detectImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0]))).toBe('image/jpeg');
    expect(detectImageType(Buffer.concat([Buffer.from('BM'), Buffer.alloc(30)]))).toBe('image/bmp');
  });
  it('refuses text, even named .png, and GIF', () => {
    expect(detectImageType(Buffer.from('hello, I am a text file named logo.png'))).toBeUndefined();
    expect(detectImageType(Buffer.from('GIF89a........'))).toBeUndefined();
    expect(detectImageType(Buffer.alloc(0))).toBeUndefined();
  });
});
