import { describe, expect, it } from 'vitest';
import { checkQuestionPhoto, checkSpreadsheet, filenameFromDisposition, XLSX_MIME } from './files';

const JPEG = [0xff, 0xd8, 0xff, 0xdb];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A chosen file of `size` bytes that begins with `head`. */
function photo(head: number[], size: number, name = 'a.jpg', type = 'image/jpeg') {
  const bytes = new Uint8Array(size);
  bytes.set(head.slice(0, size));
  return new File([bytes], name, { type });
}

describe('checkQuestionPhoto', () => {
  it('accepts JPEG and PNG up to 1,000,000 bytes', async () => {
    expect(await checkQuestionPhoto(photo(JPEG, 1_000_000))).toBeNull();
    expect(await checkQuestionPhoto(photo(PNG, PNG.length, 'a.png', 'image/png'))).toBeNull();
  });

  it('refuses one byte over the limit', async () => {
    expect(await checkQuestionPhoto(photo(JPEG, 1_000_001))).toBe('size');
  });

  it('refuses other content whatever the name says, and empty files', async () => {
    expect(await checkQuestionPhoto(photo([0x47, 0x49, 0x46, 0x38], 10, 'a.gif', 'image/gif'))).toBe('type');
    expect(await checkQuestionPhoto(photo([0x25, 0x50, 0x44, 0x46], 10, 'a.png', 'image/png'))).toBe('type');
    expect(await checkQuestionPhoto(photo([], 0))).toBe('empty');
  });

  it('goes by the content when the browser gives no type', async () => {
    expect(await checkQuestionPhoto(photo(JPEG, 10, 'PHOTO.JPEG', ''))).toBeNull();
    expect(await checkQuestionPhoto(photo([0x52, 0x49, 0x46, 0x46], 10, 'photo.webp', ''))).toBe('type');
  });
});

describe('checkSpreadsheet', () => {
  it('accepts an .xlsx up to 10,000,000 bytes', () => {
    expect(checkSpreadsheet({ name: 'q.xlsx', type: XLSX_MIME, size: 10_000_000 })).toBeNull();
    expect(checkSpreadsheet({ name: 'q.xlsx', type: '', size: 100 })).toBeNull();
    expect(checkSpreadsheet({ name: 'q.XLSX', type: 'application/octet-stream', size: 100 })).toBeNull();
  });

  it('refuses a larger file, an old .xls, a CSV and an empty file', () => {
    expect(checkSpreadsheet({ name: 'q.xlsx', type: XLSX_MIME, size: 10_000_001 })).toBe('size');
    expect(checkSpreadsheet({ name: 'q.xls', type: 'application/vnd.ms-excel', size: 100 })).toBe('type');
    expect(checkSpreadsheet({ name: 'q.csv', type: 'text/csv', size: 100 })).toBe('type');
    expect(checkSpreadsheet({ name: 'q.xlsx', type: XLSX_MIME, size: 0 })).toBe('empty');
  });
});

describe('filenameFromDisposition', () => {
  it('reads filename* (UTF-8) before filename', () => {
    expect(
      filenameFromDisposition(`attachment; filename="q.xlsx"; filename*=UTF-8''%D0%B2%D0%BE%D0%BF%D1%80%D0%BE%D1%81%D1%8B.xlsx`, 'x'),
    ).toBe('вопросы.xlsx');
  });

  it('reads a quoted or bare filename', () => {
    expect(filenameFromDisposition('attachment; filename="questions-template.xlsx"', 'x')).toBe('questions-template.xlsx');
    expect(filenameFromDisposition('attachment; filename=template.xlsx', 'x')).toBe('template.xlsx');
  });

  it('drops path parts and falls back when there is no name', () => {
    expect(filenameFromDisposition('attachment; filename="../../etc/passwd"', 'x')).toBe('passwd');
    expect(filenameFromDisposition('attachment', 'fallback.xlsx')).toBe('fallback.xlsx');
    expect(filenameFromDisposition(null, 'fallback.xlsx')).toBe('fallback.xlsx');
    expect(filenameFromDisposition(`attachment; filename*=UTF-8''%E0%A4%A`, 'fallback.xlsx')).toBe('fallback.xlsx');
  });
});
