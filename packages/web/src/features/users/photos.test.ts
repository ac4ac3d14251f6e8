import { PHOTO_MAX_BYTES } from '@oqu/contracts';
import { describe, expect, it } from 'vitest';
import { checkPhoto } from './photos';

const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00];

/** A file of `size` bytes beginning with `head`, named and typed as the browser would say. */
function file(head: number[], size = head.length, name = 'photo.png', type = 'image/png') {
  const bytes = new Uint8Array(size);
  bytes.set(head);
  return new File([bytes], name, { type });
}

describe('checkPhoto', () => {
  it('accepts JPEG and PNG by their first bytes, up to the limit', async () => {
    expect(await checkPhoto(file(JPEG, PHOTO_MAX_BYTES, 'face.jpg', 'image/jpeg'))).toBeNull();
    expect(await checkPhoto(file(PNG))).toBeNull();
    // the content decides, not the name or the type the browser guessed
    expect(await checkPhoto(file(PNG, PNG.length, 'scan.bin', ''))).toBeNull();
  });

  it('refuses a photo one byte over the limit', async () => {
    expect(await checkPhoto(file(JPEG, PHOTO_MAX_BYTES + 1, 'face.jpg', 'image/jpeg'))).toBe('size');
  });

  it('refuses a text file named .png, and other images', async () => {
    const text = new TextEncoder().encode('not a picture at all');
    expect(await checkPhoto(new File([text], 'fake.png', { type: 'image/png' }))).toBe('type');
    expect(await checkPhoto(file([0x47, 0x49, 0x46, 0x38, 0x39, 0x61], 10, 'anim.gif', 'image/gif'))).toBe('type');
    expect(await checkPhoto(file([0xff, 0xd8], 2, 'cut.jpg', 'image/jpeg'))).toBe('type');
    expect(await checkPhoto(new File([], 'empty.png', { type: 'image/png' }))).toBe('type');
  });
});
