import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, type PDFObject, PDFRawStream, PDFRef, PDFStream } from 'pdf-lib';

/**
 * The text each page of a PDF made with pdf-lib draws, one string per drawn text, in drawing order.
 * pdf-lib writes an embedded font's text as glyph ids (`<0012002A> Tj`) and the font's ToUnicode map
 * (`<0012> <041E>` pairs): the ids are read back through it. Fonts without a map (a template's own)
 * are skipped.
 */
export async function pdfText(pdf: Buffer): Promise<string[][]> {
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
