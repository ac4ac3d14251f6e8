import { PHOTO_MAX_BYTES } from '@oqu/contracts';
import { describe, expect, it } from 'vitest';
import { checkPhoto } from './photos';

describe('checkPhoto', () => {
  it('accepts jpeg and png up to the limit', () => {
    expect(checkPhoto({ type: 'image/jpeg', size: PHOTO_MAX_BYTES })).toBeNull();
    expect(checkPhoto({ type: 'image/png', size: 1 })).toBeNull();
  });

  it('refuses a photo one byte over the limit', () => {
    expect(checkPhoto({ type: 'image/jpeg', size: PHOTO_MAX_BYTES + 1 })).toBe('size');
  });

  it('refuses other types, whatever their size', () => {
    expect(checkPhoto({ type: 'image/gif', size: 10 })).toBe('type');
    expect(checkPhoto({ type: '', size: 10 })).toBe('type');
    expect(checkPhoto({ type: 'application/pdf', size: PHOTO_MAX_BYTES + 1 })).toBe('type');
  });
});
