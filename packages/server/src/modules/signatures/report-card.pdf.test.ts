import { inflateSync } from 'node:zlib';
import { EXAM_VERDICT_RULE_RU } from '@oqu/contracts';
import { describe, expect, it } from 'vitest';
import { pdfkitText } from '../../test/pdf-text.js';
import type { ReportCard } from '../exams/report-card.js';
import { renderReportCard } from './report-card.pdf.js';

const trainee = (id: number, fullname: string, votes: ReportCard['regions'][number]['trainees'][number]['votes']) => ({
  id,
  fullname,
  department: 'Цех №2 — қауіпсіздік бөлімі',
  duty: 'Инженер-механик',
  iin: `85010130${String(id).padStart(4, '0')}`,
  tabel: `T-${id}`,
  passed: 2,
  total: 3,
  belowPassMark: id % 2 === 0,
  votes,
  verdict: votes.includes('false')
    ? ('rejected' as const)
    : votes.every((v) => v === 'true')
      ? ('accepted' as const)
      : ('pending' as const),
});

export const sampleCard = (trainees = 3): ReportCard => ({
  documentNumber: 'ЭК-7-2026',
  timeZone: 'Asia/Almaty',
  organisation: { name: 'ТОО «Оқу»', details: 'г. Алматы, ул. Абая, 1; БИН 123456789012' },
  exam: {
    id: 7,
    name: 'Экзамен по охране труда',
    plan: 'Еңбекті қорғау: ә ғ қ ң ө ұ ү һ і',
    type: 'Первичная проверка знаний',
    beginTime: new Date('2026-11-25T04:00:00Z'),
    durationMinutes: 120,
    endedAt: new Date('2026-11-25T05:30:00Z'),
    completedAt: new Date('2026-11-25T05:30:00Z'),
    status: 'Завершен',
    passMarks: 2,
    testCount: 3,
  },
  examiners: [
    { id: 11, fullname: 'Сейітқалиев Нұрлан' },
    { id: 12, fullname: 'Петрова Анна' },
  ],
  chair: { id: 12, fullname: 'Петрова Анна' },
  regions: [
    {
      region: { id: 5, fullname: 'Алматы облысы' },
      trainees: Array.from({ length: trainees }, (_, i) => trainee(i + 1, `Өмірзақова Әйгерім ${i + 1}`, ['true', i % 3 ? 'false' : ''])),
    },
    { region: { id: 6, fullname: 'Шымкент' }, trainees: [] },
  ],
  undecided: [],
  signatures: [
    { examinerId: 11, signerName: 'Сейітқалиев Нұрлан', iin: '850101300123', serial: '0abc', signedAt: new Date('2026-11-25T06:00:00Z') },
  ],
});

/** Every stream of the PDF, inflated: the text the content streams draw and the fonts' Unicode maps. */
function streamsOf(pdf: Buffer): string {
  const out: string[] = [];
  let at = 0;
  for (;;) {
    const start = pdf.indexOf('stream\n', at);
    if (start < 0) break;
    const end = pdf.indexOf('\nendstream', start);
    const body = pdf.subarray(start + 7, end);
    try {
      out.push(inflateSync(body).toString('latin1'));
    } catch {
      out.push(body.toString('latin1'));
    }
    at = end + 10;
  }
  return out.join('\n');
}

describe('the report card PDF', () => {
  it('gives the same bytes for the same card, and other bytes for a changed one', async () => {
    const first = await renderReportCard(sampleCard());
    const second = await renderReportCard(sampleCard());
    expect(first.subarray(0, 5).toString()).toBe('%PDF-');
    expect(first.equals(second)).toBe(true);
    const changed = sampleCard();
    changed.regions[0].trainees[0].votes[1] = 'false';
    expect((await renderReportCard(changed)).equals(first)).toBe(false);
    // the signed document carries no marks of who signed: a signature leaves its bytes as they were
    const unsigned = { ...sampleCard(), signatures: [] };
    expect((await renderReportCard(unsigned)).equals(first)).toBe(true);
  });

  it('prints the organisation, the commission with its chair, the rule, verdicts, signature lines and pages', async () => {
    // the drawn pieces in one line: labels, values and wrapped lines join with a space
    const text = pdfkitText(await renderReportCard(sampleCard())).replace(/\s*\n/g, ' ');
    expect(text).toContain('ТОО «Оқу»');
    expect(text).toContain('г. Алматы, ул. Абая, 1; БИН 123456789012');
    expect(text).toContain('Председатель комиссии: Петрова Анна');
    expect(text).toContain('Члены комиссии: Сейітқалиев Нұрлан');
    expect(text).toContain(EXAM_VERDICT_RULE_RU);
    // one date format, in ORG_TIMEZONE (UTC+5 in Almaty since 2024)
    expect(text).toContain('Начало: 25.11.2026 09:00 (Asia/Almaty)');
    expect(text).toContain('Завершен: 25.11.2026 10:30');
    expect(text).not.toMatch(/Завершён|\d{2}\.\d{2}\.\d{4}, /);
    expect(text).toContain('Принят');
    expect(text).toContain('Не принят');
    expect(text).toContain('Нет решения');
    expect(text).toMatch(/Председатель _+ Петрова Анна/);
    expect(text).toMatch(/Член комиссии _+ Сейітқалиев Нұрлан/);
    expect(text).toContain('Табель № ЭК-7-2026 · Стр. 1 из 1');
    // no marks of signing in the document itself
    expect(text).not.toContain('850101300123');
    expect(text).not.toContain('Подписано ЭЦП');
  });

  it('titles the marked copy as a copy and lists the signatures’ marks on it', async () => {
    const text = pdfkitText(await renderReportCard(sampleCard(), { marked: true })).replace(/\s*\n/g, ' ');
    expect(text).toContain('КОПИЯ С ОТМЕТКАМИ О ПОДПИСАНИИ');
    expect(text).toContain('1. Сейітқалиев Нұрлан, ИИН 850101300123, серийный номер сертификата 0abc, подписано ЭЦП 25.11.2026 11:00');
    expect(text).toContain('копия с отметками о подписании · Стр. 2 из 2');
  });

  it('embeds DejaVu Sans with the Cyrillic and Kazakh letters it writes', async () => {
    const pdf = await renderReportCard(sampleCard());
    expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans\b/);
    const unicodeMaps = streamsOf(pdf).toLowerCase();
    // ә ғ қ ң ө ұ ү һ і and Cyrillic Э, в: each drawn letter is in a font's ToUnicode map
    for (const letter of 'әғқңөұүһіЭв') {
      expect(unicodeMaps).toContain(`<${letter.codePointAt(0)?.toString(16).padStart(4, '0')}>`);
    }
  });

  it('breaks long tables over pages with the page number on each', async () => {
    const pdf = await renderReportCard(sampleCard(120));
    const pages = pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? [];
    expect(pages.length).toBeGreaterThan(2);
    const text = pdfkitText(pdf);
    for (let page = 1; page <= pages.length; page += 1) expect(text).toContain(`Стр. ${page} из ${pages.length}`);
  });
});
