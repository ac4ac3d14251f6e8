import { zipSync } from 'fflate';
import { readZip } from '../../lib/zip.js';
import { DOCX_LIMITS } from '../certificates/certificates.service.js';

/**
 * A Word template filled for one holder: `{Fullname}`, `{Plan}`, `{Date}` and `{Number}` are
 * replaced in the document's body, headers and footers. Word splits a paragraph's text into runs
 * wherever formatting, spell-checking or editing history changed, so a placeholder may straddle
 * several `<w:t>`: the runs' text is joined within each paragraph, replaced, and written back into
 * the paragraph's first text element (the others emptied), keeping the first run's formatting.
 */

export type DocxValues = Record<'Fullname' | 'Plan' | 'Date' | 'Number', string>;

const PARTS = /^word\/(document|header\d*|footer\d*)\.xml$/;
const PARAGRAPH = /<w:p[\s>][\s\S]*?<\/w:p>/g;
const TEXT = /<w:t(?:\s[^>]*)?>([\s\S]*?)<\/w:t>|<w:t(?:\s[^>]*)?\/>/g;
const PLACEHOLDER = /\{(Fullname|Plan|Date|Number)\}/g;
const HAS_PLACEHOLDER = /\{(Fullname|Plan|Date|Number)\}/;

const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function fillParagraph(paragraph: string, values: DocxValues): string {
  const texts = [...paragraph.matchAll(TEXT)];
  const joined = texts.map((m) => unescapeXml(m[1] ?? '')).join('');
  if (!HAS_PLACEHOLDER.test(joined)) return paragraph;
  const filled = joined.replace(PLACEHOLDER, (_, name: keyof DocxValues) => values[name]);
  let first = true;
  return paragraph.replace(TEXT, () => {
    if (!first) return '<w:t></w:t>';
    first = false;
    return `<w:t xml:space="preserve">${escapeXml(filled)}</w:t>`;
  });
}

export const fillXml = (xml: string, values: DocxValues) => xml.replace(PARAGRAPH, (paragraph) => fillParagraph(paragraph, values));

/** The template with the values put in; the template is unpacked under DOCX_LIMITS (ZipRefused otherwise). */
export async function fillDocx(template: Buffer, values: DocxValues): Promise<Buffer> {
  const entries = await readZip(template, DOCX_LIMITS);
  const files: Record<string, Uint8Array> = {};
  for (const entry of entries) {
    if (entry.name.endsWith('/')) continue;
    files[entry.name] = PARTS.test(entry.name) ? Buffer.from(fillXml(entry.data.toString('utf8'), values)) : entry.data;
  }
  return Buffer.from(zipSync(files, { level: 6 }));
}
