import { describe, expect, it } from 'vitest';
import { downloadName } from './format';

describe('downloadName', () => {
  it('adds the stored file’s ending to the record’s name', () => {
    expect(downloadName('Памятка', '/files/media/0123456789abcdef0123456789abcdef.pdf')).toBe('Памятка.pdf');
  });
  it('keeps a name that already ends so, and replaces what file systems refuse', () => {
    expect(downloadName('Отчёт.PDF', '/files/media/a.pdf')).toBe('Отчёт.PDF');
    expect(downloadName('a/b: c?', '/files/media/a.mp4')).toBe('a b c.mp4');
    expect(downloadName('  ', '/files/media/a.mp4')).toBe('file.mp4');
  });
});
