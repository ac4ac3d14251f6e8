import { inflateSync } from 'node:zlib';

/**
 * The text a PDF of ours (pdfkit, embedded fonts) draws, one line per TJ: each font's glyph codes
 * mapped back to Unicode through its ToUnicode map. Enough to test what a document says; not a
 * general PDF reader (pdfkit writes object dictionaries uncompressed and streams deflated).
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const objectAt = (id: string) => {
    const start = raw.indexOf(`\n${id} 0 obj`);
    return start < 0 ? '' : raw.slice(start, raw.indexOf('endobj', start));
  };
  const streamOf = (object: string) => {
    const start = object.indexOf('stream\n');
    if (start < 0) return '';
    const body = Buffer.from(object.slice(start + 7, object.lastIndexOf('\nendstream')), 'latin1');
    try {
      return inflateSync(body).toString('latin1');
    } catch {
      return body.toString('latin1');
    }
  };
  /** font resource name (F1…) → glyph code → text */
  const fonts = new Map<string, Map<number, string>>();
  for (const [, name, id] of raw.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
    if (fonts.has(name)) continue;
    const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(objectAt(id));
    const map = new Map<number, string>();
    if (toUnicode) {
      const cmap = streamOf(objectAt(toUnicode[1]));
      for (const [, from, list] of cmap.matchAll(/<([0-9a-f]{4})> <[0-9a-f]{4}> \[([^\]]*)\]/gi)) {
        [...list.matchAll(/<([0-9a-f]+)>/gi)].forEach(([, unicode], i) => {
          map.set(Number.parseInt(from, 16) + i, String.fromCodePoint(Number.parseInt(unicode, 16)));
        });
      }
    }
    fonts.set(name, map);
  }
  const lines: string[] = [];
  for (const [, object] of raw.matchAll(/\n(\d+) 0 obj/g)) {
    const content = streamOf(objectAt(object));
    if (!content.includes(' TJ')) continue;
    let font = new Map<number, string>();
    for (const [, name, array] of content.matchAll(/\/(F\d+) [\d.]+ Tf|\[([^\]]*)\] TJ/g)) {
      if (name) font = fonts.get(name) ?? new Map();
      else {
        let text = '';
        for (const [, hex] of array.matchAll(/<([0-9a-f]+)>/gi)) {
          for (let i = 0; i + 4 <= hex.length; i += 4) text += font.get(Number.parseInt(hex.slice(i, i + 4), 16)) ?? '';
        }
        lines.push(text);
      }
    }
  }
  return lines.join('\n');
}
