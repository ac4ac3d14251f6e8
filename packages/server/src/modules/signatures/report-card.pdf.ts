import { EXAM_VERDICT_RULE_RU, type ExamVerdict, type ExamVoteValue } from '@oqu/contracts';
import PDFDocument from 'pdfkit';
import { documentFonts } from '../../lib/document-fonts.js';
import type { ReportCard } from '../exams/report-card.js';

/**
 * The report card as a PDF: landscape A4, DejaVu Sans (the built-in PDF fonts cannot write Cyrillic
 * or Kazakh letters): the organisation, the exam's particulars, the commission and the rule of its
 * verdict, a table per region with each trainee's verdict, lines for the commission's signatures, and
 * on every page the document number and «Стр. N из M». The card is an official document in Russian
 * whatever the reader's language; every time is written DD.MM.YYYY HH:mm in ORG_TIMEZONE.
 *
 * The document examiners sign carries no marks of who signed: the marked copy (`marked`) adds a
 * page listing the signatures, titled as a copy, and is never signed itself.
 *
 * Deterministic: the same card gives the same bytes. pdfkit stamps the time of rendering as the
 * creation date and derives the file ID from it; both are pinned to the exam's begin time here. Its
 * font subset tags come from the font's order of use, and deflate is deterministic.
 */

const MARGIN = 36;
const CELL_PADDING = 3;
const TABLE_FONT = 7.5;
const FOOTER_HEIGHT = 16;

const VOTE_TEXT: Record<ExamVoteValue, string> = { true: 'Принят', false: 'Не принят', '': '—' };
const VERDICT_TEXT: Record<ExamVerdict, string> = { accepted: 'Принят', rejected: 'Не принят', pending: 'Нет решения' };

interface Column {
  title: string;
  width: number;
  align: 'left' | 'center';
}

/** The card's one format of dates: DD.MM.YYYY, with `time` DD.MM.YYYY HH:mm, in `timeZone`. */
export function formatMoment(moment: Date, timeZone: string, time = true): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    ...(time && { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' as const }),
  }).formatToParts(moment);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = `${part('day')}.${part('month')}.${part('year')}`;
  return time ? `${day} ${part('hour')}:${part('minute')}` : day;
}

/** The marks of the signatures given, one line each: who, IIN, certificate serial, when. */
export const signatureMarks = (card: ReportCard) =>
  card.signatures.map(
    (s, i) =>
      `${i + 1}. ${s.signerName}, ИИН ${s.iin}, серийный номер сертификата ${s.serial}, подписано ЭЦП ${formatMoment(s.signedAt, card.timeZone)}`,
  );

/** Column widths: fixed ones for numbers, a share of the rest for names, one per examiner's vote. */
function columnsOf(card: ReportCard, tableWidth: number): Column[] {
  const fixed: Column[] = [
    { title: '№', width: 22, align: 'center' },
    { title: 'ИИН', width: 74, align: 'center' },
    { title: 'Таб. №', width: 46, align: 'center' },
    { title: 'Результат', width: 50, align: 'center' },
    { title: 'Итог', width: 62, align: 'center' },
  ];
  const fixedWidth = fixed.reduce((sum, c) => sum + c.width, 0);
  const examiners = card.examiners.length;
  const voteWidth = examiners === 0 ? 0 : Math.max(34, Math.min(64, (tableWidth - fixedWidth - 3 * 80) / examiners));
  const textWidth = Math.max(150, tableWidth - fixedWidth - voteWidth * examiners);
  const [number, iin, tabel, result, verdict] = fixed;
  return [
    number,
    { title: 'ФИО', width: textWidth * 0.4, align: 'left' },
    { title: 'Подразделение', width: textWidth * 0.3, align: 'left' },
    { title: 'Должность', width: textWidth * 0.3, align: 'left' },
    iin,
    tabel,
    result,
    ...card.examiners.map((e): Column => ({ title: e.fullname, width: voteWidth, align: 'center' })),
    verdict,
  ];
}

export interface RenderOptions {
  /** the marked copy: titled as a copy, with a page of the signatures' marks */
  marked?: boolean;
}

export async function renderReportCard(card: ReportCard, { marked = false }: RenderOptions = {}): Promise<Buffer> {
  const { regular, bold } = documentFonts();
  const title = `Табель экзамена № ${card.documentNumber}`;
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: {
      Title: marked ? `${title} — копия с отметками о подписании` : title,
      Subject: card.exam.name,
      Producer: 'Oqu',
      Creator: 'Oqu',
      CreationDate: card.exam.beginTime,
      ModDate: card.exam.beginTime,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);

  const left = MARGIN;
  const tableWidth = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN - FOOTER_HEIGHT;
  const { exam, timeZone } = card;

  // ——— the organisation and the exam's particulars ———
  doc.font('bold').fontSize(10).text(card.organisation.name, { align: 'center' });
  if (card.organisation.details) doc.font('regular').fontSize(8).text(card.organisation.details, { align: 'center' });
  doc.moveDown(0.3);
  doc.font('bold').fontSize(14).text(title, { align: 'center' });
  if (marked) {
    doc.font('bold').fontSize(10).text('КОПИЯ С ОТМЕТКАМИ О ПОДПИСАНИИ', { align: 'center' });
    doc.font('regular').fontSize(8).text('Подписанный документ — файл табеля без отметок; подписи ЭЦП (.p7s) относятся к нему.', {
      align: 'center',
    });
  }
  doc.moveDown(0.5);
  const completed = exam.completedAt ?? exam.endedAt;
  const others = card.examiners.filter((e) => e.id !== card.chair?.id);
  const particulars: [string, string][] = [
    ['Экзамен', exam.name],
    ['План обучения', exam.plan],
    ['Вид проверки', exam.type],
    ['Начало', `${formatMoment(exam.beginTime, timeZone)} (${timeZone})`],
    ['Продолжительность', `${exam.durationMinutes} мин`],
    ...(completed ? [['Завершен', formatMoment(completed, timeZone)] as [string, string]] : []),
    ['Статус', exam.status],
    ['Проходной балл', `${exam.passMarks} из ${exam.testCount} тестов`],
    ['Председатель комиссии', card.chair?.fullname ?? '—'],
    ['Члены комиссии', others.map((e) => e.fullname).join(', ') || '—'],
    ['Правило решения', EXAM_VERDICT_RULE_RU],
  ];
  for (const [label, value] of particulars) {
    doc.font('bold').fontSize(9).text(`${label}: `, left, doc.y, { continued: true, width: tableWidth }).font('regular').text(value);
  }
  doc.moveDown(0.6);

  // ——— a table per region ———
  const columns = columnsOf(card, tableWidth);
  const rowHeight = (cells: string[], font: string) => {
    doc.font(font).fontSize(TABLE_FONT);
    return Math.max(...cells.map((text, i) => doc.heightOfString(text, { width: columns[i].width - 2 * CELL_PADDING }))) + 2 * CELL_PADDING;
  };
  const drawRow = (cells: string[], font: string, height: number, shaded: boolean) => {
    let x = left;
    const y = doc.y;
    if (shaded) doc.rect(left, y, tableWidth, height).fill('#eeeeee').fillColor('black');
    doc.font(font).fontSize(TABLE_FONT).lineWidth(0.5).strokeColor('#555555');
    cells.forEach((text, i) => {
      const { width, align } = columns[i];
      doc.rect(x, y, width, height).stroke();
      doc.text(text, x + CELL_PADDING, y + CELL_PADDING, { width: width - 2 * CELL_PADDING, align, lineBreak: true });
      x += width;
    });
    doc.x = left;
    doc.y = y + height;
  };
  const header = columns.map((c) => c.title);
  const headerHeight = rowHeight(header, 'bold');
  const regionTitle = (text: string) => {
    doc.font('bold').fontSize(10).text(text, left, doc.y);
    doc.moveDown(0.2);
  };

  for (const { region, trainees } of card.regions) {
    const heading = `Регион: ${region.fullname} (участников: ${trainees.length})`;
    // a region starts on a new page rather than leave its title alone at the bottom
    if (doc.y + 30 + headerHeight + 20 > bottom()) doc.addPage();
    regionTitle(heading);
    drawRow(header, 'bold', headerHeight, true);
    if (trainees.length === 0) {
      doc
        .font('regular')
        .fontSize(TABLE_FONT)
        .text('Нет участников', left + CELL_PADDING, doc.y + CELL_PADDING);
    }
    trainees.forEach((t, index) => {
      const cells = [
        String(index + 1),
        t.fullname,
        t.department,
        t.duty,
        t.iin,
        t.tabel,
        `${t.passed}/${t.total}${t.belowPassMark ? ' *' : ''}`,
        ...t.votes.map((vote) => VOTE_TEXT[vote]),
        VERDICT_TEXT[t.verdict],
      ];
      const height = rowHeight(cells, 'regular');
      if (doc.y + height > bottom()) {
        doc.addPage();
        regionTitle(`${heading} — продолжение`);
        drawRow(header, 'bold', headerHeight, true);
      }
      drawRow(cells, 'regular', height, false);
    });
    doc.moveDown(0.8);
  }
  if (doc.y + 12 > bottom()) doc.addPage();
  doc.font('regular').fontSize(7.5).text(`* меньше ${exam.passMarks} пройденных тестов (проходной балл)`, left, doc.y);

  // ——— lines for the commission's signatures (the digital signatures themselves are outside the document) ———
  const commission = [
    ...(card.chair ? [{ role: 'Председатель', person: card.chair }] : []),
    ...others.map((person) => ({ role: 'Член комиссии', person })),
  ];
  const SIGNATURE_LINE = 22;
  if (doc.y + 30 + SIGNATURE_LINE * commission.length > bottom()) doc.addPage();
  doc.moveDown(1);
  doc.font('bold').fontSize(9).text('Подписи членов комиссии:', left, doc.y);
  doc.moveDown(0.6);
  for (const { role, person } of commission) {
    if (doc.y + SIGNATURE_LINE > bottom()) doc.addPage();
    const y = doc.y;
    doc.font('regular').fontSize(9);
    doc.text(role, left, y, { width: 120, lineBreak: false });
    doc.text('_______________________', left + 130, y, { width: 160, lineBreak: false });
    doc.text(person.fullname, left + 300, y, { width: tableWidth - 300, lineBreak: false });
    doc.x = left;
    doc.y = y + SIGNATURE_LINE;
  }

  // ——— the marked copy: the signatures' marks ———
  if (marked) {
    doc.addPage();
    doc.font('bold').fontSize(12).text('Отметки о подписании электронной цифровой подписью', left, doc.y);
    doc.moveDown(0.5);
    doc.font('regular').fontSize(9);
    const marks = signatureMarks(card);
    for (const line of marks.length > 0 ? marks : ['Подписей нет']) doc.text(line, left, doc.y, { width: tableWidth });
  }

  // ——— every page's footer: the document number and the page ———
  const pages = doc.bufferedPageRange();
  for (let i = 0; i < pages.count; i += 1) {
    doc.switchToPage(pages.start + i);
    // writing below the bottom margin would otherwise start a new page
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN - FOOTER_HEIGHT + 6;
    doc.font('regular').fontSize(7.5);
    const copy = marked ? ' · копия с отметками о подписании' : '';
    doc.text(`Табель № ${card.documentNumber}${copy} · Стр. ${i + 1} из ${pages.count}`, left, y, {
      width: tableWidth,
      align: 'right',
      lineBreak: false,
    });
  }
  doc.end();
  return ended;
}
