import { describe, expect, it } from 'vitest';
import { contentTypeOf, packagePath } from './scorm.service.js';

describe('a path inside a package', () => {
  it('is relative, plain, and never leaves the package', () => {
    expect(packagePath('index.html')).toBe('index.html');
    expect(packagePath('res/Урок 1/page.html')).toBe('res/Урок 1/page.html');
    for (const bad of ['', '/etc/passwd', '../x', 'a/../../x', 'a/./b', 'a//b', 'a\\b', 'a\0b', 'x'.repeat(1001)]) {
      expect(packagePath(bad), bad).toBeNull();
    }
  });

  it('is typed by its extension, anything unknown as a download', () => {
    expect(contentTypeOf('a/INDEX.HTM')).toBe('text/html; charset=utf-8');
    expect(contentTypeOf('app.mjs')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeOf('f.woff2')).toBe('font/woff2');
    expect(contentTypeOf('subs.vtt')).toBe('text/vtt; charset=utf-8');
    expect(contentTypeOf('run.exe')).toBe('application/octet-stream');
    expect(contentTypeOf('dir.v1/noext')).toBe('application/octet-stream');
  });
});
