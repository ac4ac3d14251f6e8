import type { CertificateLayout } from '@oqu/contracts';
import fontkit from '@pdf-lib/fontkit';
import { degrees, PDFDocument, type PDFFont, type PDFPage, PDFString, rgb } from 'pdf-lib';
import QRCode from 'qrcode';
import { documentFonts } from '../../lib/document-fonts.js';

/**
 * A certificate as a PDF: the fields drawn over the first page of a PDF template, over an image
 * template as the page's background, or the built-in design on a plain A4-landscape page, which
 * prints besides the fields the organisation, the exam and its day, the validity and the chair.
 * DejaVu Sans writes Cyrillic and Kazakh letters (the built-in PDF fonts cannot). The QR code is
 * drawn as vector squares and carries a link to the verification page; the same address is printed
 * under it. A revoked certificate goes out with «ОТОЗВАН» and the day drawn over every page.
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
  /** what the built-in design prints besides (a template shows what it shows) */
  organisation: string;
  /** address, BIN; may be empty */
  organisationDetails: string;
  /** null: not known (a certificate issued before the exam was kept on it) */
  exam: string | null;
  /** DD.MM.YYYY */
  examDate: string | null;
  /** DD.MM.YYYY; null: without a term */
  validUntil: string | null;
  chair: string | null;
}

/** The template the fields go over; none: a plain page. */
export type TemplateBackground = { kind: 'pdf' | 'jpg' | 'png'; data: Buffer } | null;

/** A4 landscape, in points. */
const A4_LANDSCAPE: [number, number] = [841.89, 595.28];
/** Text never runs closer than this to the page's right edge: a long plan name is set smaller instead. */
const EDGE = 24;
const URL_TEXT_SIZE = 7;
const BLACK = rgb(0, 0, 0);
const GREY = rgb(0.35, 0.35, 0.35);
const FRAME = rgb(0.11, 0.32, 0.45);
const RED = rgb(0.8, 0.05, 0.05);
const WHITE = rgb(1, 1, 1);
/** The built-in design's margins, in points, and its QR code (right, low, clear of the centred lines). */
const MARGIN = 56;
const BUILT_IN_QR = { X: 0.75, Y: 0.66, Size: 0.15 };

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
  const x = point.X * page.getWidth();
  drawFitted(page, font, text, { x, y: point.Y, size: point.Size, room: page.getWidth() - EDGE - x });
}

/**
 * Draws `text` with its top at `y` (a fraction of the height from the top) starting at `x`, or
 * centred on the page when `x` is 'centre', set smaller than `size` when it is wider than `room`.
 */
function drawFitted(
  page: PDFPage,
  font: PDFFont,
  text: string,
  at: { x: number | 'centre'; y: number; size: number; room: number; color?: ReturnType<typeof rgb> },
) {
  const width = font.widthOfTextAtSize(text, at.size);
  const size = Math.min(at.size, (at.size * Math.max(1, at.room)) / Math.max(1, width));
  const x = at.x === 'centre' ? (page.getWidth() - font.widthOfTextAtSize(text, size)) / 2 : at.x;
  const top = page.getHeight() * (1 - at.y);
  page.drawText(text, { x, y: top - font.heightAtSize(size, { descender: false }), size, font, color: at.color ?? BLACK });
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
  if (template) {
    drawLine(page, boldFont, fields.fullname, layout.Fullname);
    drawLine(page, font, `ИИН ${fields.iin}`, layout.IIN);
    drawLine(page, font, fields.plan, layout.Plan);
    drawLine(page, font, fields.type, layout.Type);
    drawLine(page, font, fields.date, layout.Date);
    drawLine(page, font, `№ ${fields.number}`, layout.Number);
    drawQr(doc, page, font, fields.verifyUrl, layout.QR);
  } else {
    drawBuiltIn(doc, page, { regular: font, bold: boldFont }, fields);
  }
  // without object streams the link's address stays readable in the file itself, for any reader
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** The printed line of the certificate's term. */
export const validityLine = (validUntil: string | null) => (validUntil ? `Действителен до ${validUntil}` : 'Бессрочно');

/**
 * The built-in design: a framed page with the organisation at the head, the title and number, the
 * holder, what they passed and when, and at the foot the day of issue, the term and the chair, the
 * QR code to the right.
 */
function drawBuiltIn(doc: PDFDocument, page: PDFPage, fonts: { regular: PDFFont; bold: PDFFont }, fields: CertificateFields) {
  const { width, height } = page.getSize();
  page.drawRectangle({ x: 24, y: 24, width: width - 48, height: height - 48, borderColor: FRAME, borderWidth: 2 });
  page.drawRectangle({ x: 30, y: 30, width: width - 60, height: height - 60, borderColor: FRAME, borderWidth: 0.5 });
  const room = width - 2 * MARGIN;
  const centred = (text: string, y: number, size: number, font = fonts.regular, color = BLACK) =>
    drawFitted(page, font, text, { x: 'centre', y, size, room, color });
  centred(fields.organisation, 0.085, 14, fonts.bold);
  if (fields.organisationDetails) centred(fields.organisationDetails, 0.125, 9, fonts.regular, GREY);
  centred('СЕРТИФИКАТ', 0.18, 34, fonts.bold, FRAME);
  centred(`№ ${fields.number}`, 0.265, 12);
  centred('Настоящим удостоверяется, что', 0.325, 12, fonts.regular, GREY);
  centred(fields.fullname, 0.37, 24, fonts.bold);
  centred(`ИИН ${fields.iin}`, 0.44, 11, fonts.regular, GREY);
  if (fields.exam) centred(`сдал(а) экзамен «${fields.exam}»${fields.examDate ? ` ${fields.examDate}` : ''}`, 0.49, 13);
  centred(`по программе «${fields.plan}»`, 0.54, 13);
  centred(fields.type, 0.59, 11, fonts.regular, GREY);

  // the foot's left column stops short of the QR code
  const left = MARGIN;
  const footRoom = BUILT_IN_QR.X * width - left - 16;
  const foot = (text: string, y: number, font = fonts.regular) => drawFitted(page, font, text, { x: left, y, size: 11, room: footRoom });
  foot(`Дата выдачи: ${fields.date}`, 0.7);
  foot(validityLine(fields.validUntil), 0.745, fonts.bold);
  if (fields.chair) {
    foot(`Председатель комиссии: ${fields.chair}`, 0.82);
    const lineY = height * (1 - 0.87);
    page.drawLine({ start: { x: left, y: lineY }, end: { x: left + 180, y: lineY }, thickness: 0.5, color: GREY });
    drawFitted(page, fonts.regular, '(подпись)', { x: left + 70, y: 0.875, size: 7, room: 100, color: GREY });
  }
  drawQr(doc, page, fonts.regular, fields.verifyUrl, BUILT_IN_QR);
}

/**
 * The certificate with «ОТОЗВАН» and the day of revocation over every page: large, red and
 * diagonal across the page, and in a red band at its head. The issued file itself is kept as it was.
 */
export async function markRevoked(pdf: Buffer, day: string): Promise<Buffer> {
  const doc = await PDFDocument.load(pdf);
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(documentFonts().bold, { subset: true });
  const word = 'ОТОЗВАН';
  const banner = `${word} ${day} — сертификат недействителен`;
  // the viewer's title bar says it too
  doc.setTitle(`${doc.getTitle() ?? 'Сертификат'} — ${word} ${day}`);
  for (const page of doc.getPages()) {
    const box = page.getMediaBox();
    const angle = Math.atan2(box.height, box.width);
    const diagonal = Math.hypot(box.width, box.height);
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    // the word spans two thirds of the diagonal, the day under it half as large
    const wordSize = (0.66 * diagonal * 12) / font.widthOfTextAtSize(word, 12);
    const daySize = wordSize / 2.5;
    const along = { x: Math.cos(angle), y: Math.sin(angle) };
    const across = { x: -along.y, y: along.x };
    const diagonalText = (text: string, size: number, offset: number) => {
      const half = font.widthOfTextAtSize(text, size) / 2;
      page.drawText(text, {
        x: centre.x - along.x * half + across.x * offset,
        y: centre.y - along.y * half + across.y * offset,
        size,
        font,
        color: RED,
        opacity: 0.45,
        rotate: degrees((angle * 180) / Math.PI),
      });
    };
    diagonalText(word, wordSize, -wordSize * 0.3);
    diagonalText(day, daySize, -wordSize * 0.3 - daySize * 1.3);

    const bandHeight = Math.min(36, box.height / 8);
    const bandSize = Math.min(bandHeight * 0.5, ((box.width - 24) * 12) / font.widthOfTextAtSize(banner, 12));
    page.drawRectangle({ x: box.x, y: box.y + box.height - bandHeight, width: box.width, height: bandHeight, color: RED });
    page.drawText(banner, {
      x: box.x + (box.width - font.widthOfTextAtSize(banner, bandSize)) / 2,
      y: box.y + box.height - bandHeight / 2 - bandSize * 0.35,
      size: bandSize,
      font,
      color: WHITE,
    });
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
