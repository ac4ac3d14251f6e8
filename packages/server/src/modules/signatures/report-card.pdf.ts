import type { ExamVerdict, ExamVoteValue } from '@oqu/contracts';
import PDFDocument from 'pdfkit';
import { documentFonts } from '../../lib/document-fonts.js';
import type { ReportCard } from '../exams/report-card.js';

/**
 * The report card as a PDF: landscape A4, DejaVu Sans (the built-in PDF fonts cannot write Cyrillic
 * or Kazakh letters), the exam's particulars, a table per region, and on every page a footer with
 * the signatures already given. The card is an official document in Russian whatever the reader's
 * language.
 *
 * Deterministic: the same card gives the same bytes. pdfkit stamps the time of rendering as the
 * creation date and derives the file ID from it; both are pinned to the exam's begin time here. Its
 * font subset tags come from the font's order of use, and deflate is deterministic.
 */

const MARGIN = 36;
const CELL_PADDING = 3;
const TABLE_FONT = 7.5;
const FOOTER_LINE = 10;

const VOTE_TEXT: Record<ExamVoteValue, string> = { true: 'Принят', false: 'Не принят', '': '—' };
const VERDICT_TEXT: Record<ExamVerdict, string> = { accepted: 'Принят', rejected: 'Не принят', pending: 'Не определён' };

interface Column {
  title: string;
  width: number;
  align: 'left' | 'center';
}

const formatTime = (moment: Date, timeZone: string, seconds = false) =>
  new Intl.DateTimeFormat('ru-RU', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    ...(seconds && { second: '2-digit' }),
  }).format(moment);

/** The signature lines every page's footer carries: "Подписано ЭЦП: ФИО, ИИН, время". */
export const signatureLines = (card: ReportCard) =>
  card.signatures.map((s) => `Подписано ЭЦП: ${s.signerName}, ИИН ${s.iin}, ${formatTime(s.signedAt, card.timeZone, true)}`);

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

export async function renderReportCard(card: ReportCard, organisation: string): Promise<Buffer> {
  const { regular, bold } = documentFonts();
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: {
      Title: `Табель экзамена № ${card.documentNumber}`,
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

  const footer = signatureLines(card);
  const footerHeight = (footer.length + 1) * FOOTER_LINE + 6;
  const left = MARGIN;
  const tableWidth = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN - footerHeight;

  // ——— the exam's particulars ———
  doc.font('regular').fontSize(10).text(organisation, { align: 'center' });
  doc.moveDown(0.3);
  doc.font('bold').fontSize(14).text(`Табель экзамена № ${card.documentNumber}`, { align: 'center' });
  doc.moveDown(0.5);
  const { exam } = card;
  const particulars: [string, string][] = [
    ['Экзамен', exam.name],
    ['План обучения', exam.plan],
    ['Вид проверки', exam.type],
    ['Дата и время', `${formatTime(exam.beginTime, card.timeZone)} (${card.timeZone})`],
    ['Продолжительность', `${exam.durationMinutes} мин`],
    ...(exam.endedAt ? [['Завершён', formatTime(exam.endedAt, card.timeZone)] as [string, string]] : []),
    ['Статус', exam.status],
    ['Проходной балл', `${exam.passMarks} из ${exam.testCount} тестов`],
    ['Экзаменаторы', card.examiners.map((e) => e.fullname).join(', ') || '—'],
  ];
  for (const [label, value] of particulars) {
    doc.font('bold').fontSize(9).text(`${label}: `, left, doc.y, { continued: true }).font('regular').text(value);
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
  const regionTitle = (title: string) => {
    doc.font('bold').fontSize(10).text(title, left, doc.y);
    doc.moveDown(0.2);
  };

  for (const { region, trainees } of card.regions) {
    const title = `Регион: ${region.fullname} (участников: ${trainees.length})`;
    // a region starts on a new page rather than leave its title alone at the bottom
    if (doc.y + 30 + headerHeight + 20 > bottom()) doc.addPage();
    regionTitle(title);
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
        regionTitle(`${title} — продолжение`);
        drawRow(header, 'bold', headerHeight, true);
      }
      drawRow(cells, 'regular', height, false);
    });
    doc.moveDown(0.8);
  }
  if (doc.y + 12 > bottom()) doc.addPage();
  doc.font('regular').fontSize(7.5).text(`* меньше ${exam.passMarks} пройденных тестов (проходной балл)`, left, doc.y);

  // ——— every page's footer: the signatures given so far, the document number and the page ———
  const pages = doc.bufferedPageRange();
  for (let i = 0; i < pages.count; i += 1) {
    doc.switchToPage(pages.start + i);
    // writing below the bottom margin would otherwise start a new page
    doc.page.margins.bottom = 0;
    let y = doc.page.height - MARGIN - footerHeight + 6;
    doc.font('regular').fontSize(7.5);
    for (const line of footer) {
      doc.text(line, left, y, { width: tableWidth, lineBreak: false });
      y += FOOTER_LINE;
    }
    doc.text(`Табель № ${card.documentNumber} · стр. ${i + 1} из ${pages.count}`, left, y, {
      width: tableWidth,
      align: 'right',
      lineBreak: false,
    });
  }
  doc.end();
  return ended;
}
