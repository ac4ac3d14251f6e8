import type { CertificateLayout } from '@oqu/contracts';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont, type PDFPage, PDFString, rgb } from 'pdf-lib';
import QRCode from 'qrcode';
import { documentFonts } from '../../lib/document-fonts.js';

/**
 * A certificate as a PDF: the fields drawn over the first page of a PDF template, over an image
 * template as the page's background, or on a plain A4-landscape page. DejaVu Sans writes Cyrillic
 * and Kazakh letters (the built-in PDF fonts cannot). The QR code is drawn as vector squares and
 * carries a link to the verification page; the same address is printed under it.
 */

/** What a certificate prints. */
export interface CertificateFields {
  fullname: string;
  /** already masked: ********1234 */
  iin: string;
  plan: string;
  type: string;
  /** DD.MM.YYYY */
  date: string;
  number: string;
  verifyUrl: string;
}

/** The template the fields go over; none: a plain page. */
export type TemplateBackground = { kind: 'pdf' | 'jpg' | 'png'; data: Buffer } | null;

/** A4 landscape, in points. */
const A4_LANDSCAPE: [number, number] = [841.89, 595.28];
/** Text never runs closer than this to the page's right edge: a long plan name is set smaller instead. */
const EDGE = 24;
const URL_TEXT_SIZE = 7;
const BLACK = rgb(0, 0, 0);
/** Where a plain page prints its title. */
const TITLE = { X: 0.12, Y: 0.16, Size: 36 };

/** Adds the page, with the template drawn on it when there is one. */
async function pageWithBackground(doc: PDFDocument, template: TemplateBackground): Promise<PDFPage> {
  if (!template) return doc.addPage(A4_LANDSCAPE);
  if (template.kind === 'pdf') {
    // copied rather than embedded: a page keeps its size, rotation and boxes, and an empty one copies too
    const [first] = await doc.copyPages(await PDFDocument.load(template.data), [0]);
    return doc.addPage(first);
  }
  const image = template.kind === 'png' ? await doc.embedPng(template.data) : await doc.embedJpg(template.data);
  // the page keeps the picture's proportions, its longer side as long as A4's
  const scale = A4_LANDSCAPE[0] / Math.max(image.width, image.height);
  const page = doc.addPage([image.width * scale, image.height * scale]);
  page.drawImage(image, { x: 0, y: 0, width: page.getWidth(), height: page.getHeight() });
  return page;
}

/** Draws one line with its top-left corner at the layout's point, smaller when it would pass the right edge. */
function drawLine(page: PDFPage, font: PDFFont, text: string, point: { X: number; Y: number; Size: number }) {
  const width = page.getWidth();
  const x = point.X * width;
  const room = Math.max(1, width - EDGE - x);
  const size = Math.min(point.Size, (point.Size * room) / Math.max(1, font.widthOfTextAtSize(text, point.Size)));
  const top = page.getHeight() * (1 - point.Y);
  page.drawText(text, { x, y: top - font.heightAtSize(size, { descender: false }), size, font, color: BLACK });
}

/** The QR code of `url` as squares, a link over it, and the address in small print beneath. */
function drawQr(doc: PDFDocument, page: PDFPage, font: PDFFont, url: string, point: CertificateLayout['QR']) {
  const matrix = QRCode.create(url, { errorCorrectionLevel: 'M' }).modules;
  const side = point.Size * page.getWidth();
  const x = point.X * page.getWidth();
  const top = page.getHeight() * (1 - point.Y);
  // four modules of quiet zone on each side, as readers expect, on white whatever the template shows
  const cell = side / (matrix.size + 8);
  page.drawRectangle({ x, y: top - side, width: side, height: side, color: rgb(1, 1, 1) });
  for (let row = 0; row < matrix.size; row++)
    for (let column = 0; column < matrix.size; column++)
      if (matrix.get(row, column))
        page.drawRectangle({ x: x + (column + 4) * cell, y: top - (row + 5) * cell, width: cell, height: cell, color: BLACK });
  const link = doc.context.register(
    doc.context.obj({
      Type: 'Annot',
      Subtype: 'Link',
      Rect: [x, top - side, x + side, top],
      Border: [0, 0, 0],
      A: { Type: 'Action', S: 'URI', URI: PDFString.of(url) },
    }),
  );
  page.node.addAnnot(link);
  const room = Math.max(1, page.getWidth() - EDGE - x);
  const size = Math.min(URL_TEXT_SIZE, (URL_TEXT_SIZE * room) / font.widthOfTextAtSize(url, URL_TEXT_SIZE));
  page.drawText(url, { x, y: top - side - size - 2, size, font, color: BLACK });
}

export async function renderCertificate(
  fields: CertificateFields,
  layout: CertificateLayout,
  template: TemplateBackground,
): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const { regular, bold } = documentFonts();
  const font = await doc.embedFont(regular, { subset: true });
  const boldFont = await doc.embedFont(bold, { subset: true });
  doc.setTitle(`Сертификат ${fields.number}`);
  doc.setCreator('Oqu');
  const page = await pageWithBackground(doc, template);
  if (!template) {
    // a plain page says what it is; a template says it itself
    drawLine(page, boldFont, 'СЕРТИФИКАТ', TITLE);
  }
  drawLine(page, boldFont, fields.fullname, layout.Fullname);
  drawLine(page, font, `ИИН ${fields.iin}`, layout.IIN);
  drawLine(page, font, fields.plan, layout.Plan);
  drawLine(page, font, fields.type, layout.Type);
  drawLine(page, font, fields.date, layout.Date);
  drawLine(page, font, `№ ${fields.number}`, layout.Number);
  drawQr(doc, page, font, fields.verifyUrl, layout.QR);
  // without object streams the link's address stays readable in the file itself, for any reader
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
