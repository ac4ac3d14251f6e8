import { describe, expect, it } from 'vitest';
import { storageKeyOf } from './certificates.service.js';

describe('storageKeyOf', () => {
  it('reads the storage key from the Path POST /uploadF answered, or takes a bare key as it is', () => {
    expect(storageKeyOf('/files/certificates/0123456789abcdef0123456789abcdef.pdf')).toBe(
      'certificates/0123456789abcdef0123456789abcdef.pdf',
    );
    expect(storageKeyOf('files/certificates/a.pdf')).toBe('certificates/a.pdf');
    expect(storageKeyOf('  certificates/a.docx ')).toBe('certificates/a.docx');
  });

  it('leaves anything else unchanged, so that it matches no upload', () => {
    expect(storageKeyOf('https://example.com/files/certificates/a.pdf')).toBe('https://example.com/files/certificates/a.pdf');
    expect(storageKeyOf('/other/certificates/a.pdf')).toBe('/other/certificates/a.pdf');
  });
});
