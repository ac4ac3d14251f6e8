import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
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
  verdict: votes.every((v) => v === 'true') ? ('accepted' as const) : ('pending' as const),
});

export const sampleCard = (trainees = 3): ReportCard => ({
  documentNumber: 'ЭК-7-2026',
  timeZone: 'Asia/Almaty',
  exam: {
    id: 7,
    name: 'Экзамен по охране труда',
    plan: 'Еңбекті қорғау: ә ғ қ ң ө ұ ү һ і',
    type: 'Первичная проверка знаний',
    beginTime: new Date('2026-11-25T04:00:00Z'),
    durationMinutes: 120,
    endedAt: new Date('2026-11-25T05:30:00Z'),
    status: 'Завершен',
    passMarks: 2,
    testCount: 3,
  },
  examiners: [
    { id: 11, fullname: 'Сейітқалиев Нұрлан' },
    { id: 12, fullname: 'Петрова Анна' },
  ],
  chair: { id: 11, fullname: 'Сейітқалиев Нұрлан' },
  organisation: { name: 'ТОО «Оқу орталығы»', details: 'г. Алматы, БИН 123456789012' },
  regions: [
    {
      region: { id: 5, fullname: 'Алматы облысы' },
      trainees: Array.from({ length: trainees }, (_, i) => trainee(i + 1, `Өмірзақова Әйгерім ${i + 1}`, ['true', i % 3 ? 'false' : ''])),
    },
    { region: { id: 6, fullname: 'Шымкент' }, trainees: [] },
  ],
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
    const first = await renderReportCard(sampleCard(), 'ТОО «Оқу»');
    const second = await renderReportCard(sampleCard(), 'ТОО «Оқу»');
    expect(first.subarray(0, 5).toString()).toBe('%PDF-');
    expect(first.equals(second)).toBe(true);
    const changed = sampleCard();
    changed.regions[0].trainees[0].votes[1] = 'false';
    expect((await renderReportCard(changed, 'ТОО «Оқу»')).equals(first)).toBe(false);
    const unsigned = { ...sampleCard(), signatures: [] };
    expect((await renderReportCard(unsigned, 'ТОО «Оқу»')).equals(first)).toBe(false);
  });

  it('embeds DejaVu Sans with the Cyrillic and Kazakh letters it writes', async () => {
    const pdf = await renderReportCard(sampleCard(), 'ТОО «Оқу»');
    expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans\b/);
    const unicodeMaps = streamsOf(pdf).toLowerCase();
    // ә ғ қ ң ө ұ ү һ і and Cyrillic Э, в: each drawn letter is in a font's ToUnicode map
    for (const letter of 'әғқңөұүһіЭв') {
      expect(unicodeMaps).toContain(`<${letter.codePointAt(0)?.toString(16).padStart(4, '0')}>`);
    }
  });

  it('breaks long tables over pages with the footer on each', async () => {
    const pdf = await renderReportCard(sampleCard(120), 'Oqu');
    const pages = pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? [];
    expect(pages.length).toBeGreaterThan(2);
  });
});
