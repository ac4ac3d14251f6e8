import { inflateSync } from 'node:zlib';
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, type PDFObject, PDFRawStream, PDFRef, PDFStream } from 'pdf-lib';
/**
 * The text a PDF drawn with pdfkit (the report card) draws, one line per TJ: each font's glyph codes
 * mapped back to Unicode through its ToUnicode map. Enough to test what a document says; not a
 * general PDF reader (pdfkit writes object dictionaries uncompressed and streams deflated).
 */
export function pdfkitText(pdf: Buffer): string {
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

/**
 * The text each page of a PDF made with pdf-lib draws, one string per drawn text, in drawing order.
 * pdf-lib writes an embedded font's text as glyph ids (`<0012002A> Tj`) and the font's ToUnicode map
 * (`<0012> <041E>` pairs): the ids are read back through it. Fonts without a map (a template's own)
 * are skipped.
 */
export async function pdfLibText(pdf: Buffer): Promise<string[][]> {
  const doc = await PDFDocument.load(pdf);
  return doc.getPages().map((page) => {
    const fonts = new Map<string, Map<string, string>>();
    const fontDict = page.node.Resources()?.lookupMaybe(PDFName.of('Font'), PDFDict);
    for (const [name, ref] of fontDict?.entries() ?? []) {
      const font = doc.context.lookup(ref, PDFDict);
      const toUnicode = font.lookupMaybe(PDFName.of('ToUnicode'), PDFStream);
      if (toUnicode) fonts.set(name.asString(), unicodeMap(streamText(toUnicode)));
    }
    const texts: string[] = [];
    for (const stream of contentStreams(doc, page.node.Contents())) {
      let map: Map<string, string> | undefined;
      // `/F1 12 Tf` picks the font; `<hex> Tj` or `[<hex> 12 <hex>] TJ` draws text in it
      for (const [, font, shown] of streamText(stream).matchAll(/(\/[^\s/]+)\s+[\d.]+\s+Tf|(\[[^\]]*\]\s*TJ|<[0-9a-fA-F]*>\s*Tj)/g)) {
        if (font) map = fonts.get(font);
        else if (map) texts.push(shownText(shown, map));
      }
    }
    return texts;
  });
}

function contentStreams(doc: PDFDocument, contents: PDFObject | undefined): PDFStream[] {
  if (contents instanceof PDFArray) return contents.asArray().flatMap((item) => contentStreams(doc, item));
  if (contents instanceof PDFRef) return contentStreams(doc, doc.context.lookup(contents));
  return contents instanceof PDFStream ? [contents] : [];
}

function streamText(stream: PDFStream): string {
  const bytes = stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : stream.getContents();
  return Buffer.from(bytes).toString('latin1');
}

/** `<glyph> <UTF-16BE>` pairs of a ToUnicode CMap's bfchar sections. */
function unicodeMap(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const [, section] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, glyph, unicode] of section.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      map.set(glyph.toLowerCase(), Buffer.from(unicode, 'hex').swap16().toString('utf16le'));
    }
  }
  return map;
}

/** The hex strings of a Tj or TJ operand, through the font's map. */
const shownText = (shown: string, map: Map<string, string>) =>
  [...shown.matchAll(/<([0-9a-fA-F]*)>/g)].map(([, hex]) => decode(hex, map)).join('');

function decode(hex: string, map: Map<string, string>): string {
  let out = '';
  for (let i = 0; i < hex.length; i += 4) out += map.get(hex.slice(i, i + 4).toLowerCase()) ?? '?';
  return out;
}
