import { readFileSync } from 'node:fs';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { jpegClaimingSize } from '../../../test/factories.js';
import { decodeImage, jpegSize, shrink } from './decode-image.js';
import { UnreadableImageError } from './face-engine.js';

const photo = readFileSync(new URL('../../../../../../fixtures/faces/jesper_2.jpg', import.meta.url));

describe('decodeImage', () => {
  it('decodes a JPEG to upright RGB pixels of the size its header declares', async () => {
    expect(jpegSize(photo)).toEqual({ width: 800, height: 532 });
    const image = await decodeImage(photo);
    expect([image.width, image.height, image.data.length]).toEqual([800, 532, 800 * 532 * 3]);
    // a photo, not a blank: its pixels vary
    expect(new Set(image.data.subarray(0, 3000)).size).toBeGreaterThan(20);
  });

  it('refuses a giant by its header, before decoding it', async () => {
    const started = performance.now();
    await expect(decodeImage(jpegClaimingSize(photo, 20_000, 20_000))).rejects.toBeInstanceOf(UnreadableImageError);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('refuses broken and unknown images, and decodes the next one', async () => {
    await expect(decodeImage(photo.subarray(0, 600))).rejects.toBeInstanceOf(UnreadableImageError);
    await expect(decodeImage(Buffer.concat([photo.subarray(0, 3), Buffer.alloc(500, 7)]))).rejects.toBeInstanceOf(UnreadableImageError);
    await expect(decodeImage(Buffer.from('GIF89a, not a JPEG or PNG'))).rejects.toBeInstanceOf(UnreadableImageError);
    expect((await decodeImage(photo)).width).toBe(800);
  });

  it('shows a PNG transparent pixel as white', async () => {
    const png = new PNG({ width: 2, height: 1 });
    png.data.set([255, 0, 0, 0, 0, 0, 255, 255]);
    const image = await decodeImage(PNG.sync.write(png));
    expect(Array.from(image.data)).toEqual([255, 255, 255, 0, 0, 255]);
  });
});

describe('shrink', () => {
  it('averages each block of the whole factor', () => {
    const image = { width: 2, height: 2, data: Uint8Array.from([0, 0, 0, 100, 100, 100, 200, 200, 200, 100, 100, 100]) };
    expect(shrink(image, 2)).toEqual({ width: 1, height: 1, data: Uint8Array.from([100, 100, 100]) });
  });
});
