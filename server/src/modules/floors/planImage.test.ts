import { describe, expect, it } from 'vitest';
import { bmpImage, gifImage, jpegImage, pngImage } from '../../../test/helpers/images.ts';
import { detectImageType } from '../buildings/logo.ts';
import { readPlanImage } from './planImage.ts';

describe('readPlanImage', () => {
  it('reads the type and size of a PNG, a GIF, a BMP and a JPEG from their headers', () => {
    expect(readPlanImage(pngImage(1600, 1000))).toEqual({ contentType: 'image/png', width: 1600, height: 1000 });
    expect(readPlanImage(gifImage(320, 200))).toEqual({ contentType: 'image/gif', width: 320, height: 200 });
    expect(readPlanImage(bmpImage(33, 17))).toEqual({ contentType: 'image/bmp', width: 33, height: 17 });
    expect(readPlanImage(jpegImage(4000, 3000))).toEqual({ contentType: 'image/jpeg', width: 4000, height: 3000 });
  });

  it('reads a GIF87a, a top-down BMP and an OS/2 BMP header', () => {
    const old = gifImage(10, 20);
    old.write('GIF87a', 0, 'latin1');
    expect(readPlanImage(old)).toMatchObject({ width: 10, height: 20 });
    const topDown = bmpImage(8, 6);
    topDown.writeInt32LE(-6, 22);
    expect(readPlanImage(topDown)).toMatchObject({ width: 8, height: 6 });
    const os2 = Buffer.alloc(40, 0);
    os2.write('BM', 0, 'latin1');
    os2.writeUInt32LE(12, 14);
    os2.writeUInt16LE(64, 18);
    os2.writeUInt16LE(48, 20);
    expect(readPlanImage(os2)).toEqual({ contentType: 'image/bmp', width: 64, height: 48 });
  });

  it('skips fill bytes and the segments before a JPEG frame, whichever frame type it is', () => {
    const progressive = jpegImage(640, 480);
    const frame = progressive.indexOf(Buffer.from([0xff, 0xc0]));
    progressive[frame + 1] = 0xc2;
    expect(readPlanImage(progressive)).toMatchObject({ width: 640, height: 480 });
    const filled = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), jpegImage(12, 34).subarray(2)]);
    expect(readPlanImage(filled)).toMatchObject({ width: 12, height: 34 });
  });

  it('refuses what states no size: a text file, a bare signature, a JPEG without a frame, a zero side', () => {
    expect(readPlanImage(Buffer.from('just words, named plan.png'))).toBeUndefined();
    expect(readPlanImage(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBeUndefined();
    expect(
      readPlanImage(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x08, 1, 2, 3, 4, 5, 6, 0xff, 0xd9])),
    ).toBeUndefined();
    expect(readPlanImage(Buffer.from([0xff, 0xd8, 0xff]))).toBeUndefined();
    expect(readPlanImage(gifImage(0, 10))).toBeUndefined();
    expect(readPlanImage(pngImage(3, 3).subarray(0, 20))).toBeUndefined();
  });
});

describe("the check-in logo's rule", () => {
  it('still takes PNG, JPEG and BMP only: a GIF plan is no logo', () => {
    expect(detectImageType(gifImage(10, 10))).toBeUndefined();
    expect(detectImageType(pngImage(2, 2))).toBe('image/png');
  });
});
