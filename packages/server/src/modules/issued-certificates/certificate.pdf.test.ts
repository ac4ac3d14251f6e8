import { DEFAULT_CERTIFICATE_LAYOUT } from '@oqu/contracts';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfLibText } from '../../test/pdf-text.js';
import { type CertificateFields, markRevoked, renderCertificate } from './certificate.pdf.js';
import { monthsAfter } from './issued-certificates.service.js';

const fields: CertificateFields = {
  fullname: 'Өмірзақова Әйгерім Нұрланқызы',
  iin: '********0123',
  plan: 'Охрана труда',
  type: 'Первичная проверка знаний',
  date: '25.11.2026',
  number: 'OQU-2026-000042',
  verifyUrl: 'https://oqu.example.kz/verify/abcdefghijklmnopqrstuvwxyz',
  organisation: 'ТОО «Оқу орталығы»',
  organisationDetails: 'г. Алматы, пр. Абая 1, БИН 123456789012',
  exam: 'Проверка знаний по охране труда',
  examDate: '24.11.2026',
  validUntil: '25.11.2029',
  chair: 'Сейітқалиев Нұрлан Ерланұлы',
};

describe('the certificate PDF', () => {
  it('prints on the built-in design the organisation, the exam and its day, the number, the term and the chair', async () => {
    const [page] = await pdfLibText(await renderCertificate(fields, DEFAULT_CERTIFICATE_LAYOUT, null));
    expect(page).toEqual(
      expect.arrayContaining([
        'ТОО «Оқу орталығы»',
        'г. Алматы, пр. Абая 1, БИН 123456789012',
        'СЕРТИФИКАТ',
        '№ OQU-2026-000042',
        'Өмірзақова Әйгерім Нұрланқызы',
        'ИИН ********0123',
        'сдал(а) экзамен «Проверка знаний по охране труда» 24.11.2026',
        'по программе «Охрана труда»',
        'Первичная проверка знаний',
        'Дата выдачи: 25.11.2026',
        'Действителен до 25.11.2029',
        'Председатель комиссии: Сейітқалиев Нұрлан Ерланұлы',
        fields.verifyUrl,
      ]),
    );
  });

  it('prints «Бессрочно» without a term, and leaves out what the certificate does not know', async () => {
    const [page] = await pdfLibText(
      await renderCertificate(
        { ...fields, validUntil: null, chair: null, exam: null, examDate: null, organisationDetails: '' },
        DEFAULT_CERTIFICATE_LAYOUT,
        null,
      ),
    );
    expect(page).toContain('Бессрочно');
    expect(page.some((text) => text.startsWith('Председатель') || text.startsWith('сдал(а)') || text.startsWith('Действителен'))).toBe(
      false,
    );
    expect(page).toContain('ТОО «Оқу орталығы»');
  });

  it('marks a revoked certificate «ОТОЗВАН» with the day on every page, keeping what it printed', async () => {
    const source = await PDFDocument.create();
    source.addPage([600, 420]);
    source.addPage([300, 500]);
    const template = { kind: 'pdf' as const, data: Buffer.from(await source.save()) };
    const issued = await renderCertificate(fields, DEFAULT_CERTIFICATE_LAYOUT, template);
    // a PDF of two pages as a certificate could be: the mark goes on each
    const twoPages = await PDFDocument.load(issued);
    const [copy] = await twoPages.copyPages(await PDFDocument.load(issued), [0]);
    twoPages.addPage(copy);
    const marked = await pdfLibText(await markRevoked(Buffer.from(await twoPages.save()), '27.11.2026'));
    expect(marked).toHaveLength(2);
    for (const page of marked) {
      expect(page).toEqual(
        expect.arrayContaining([
          'ОТОЗВАН',
          '27.11.2026',
          'ОТОЗВАН 27.11.2026 — сертификат недействителен',
          'Өмірзақова Әйгерім Нұрланқызы',
        ]),
      );
    }
    expect((await pdfLibText(issued)).flat().some((text) => text.includes('ОТОЗВАН'))).toBe(false);
  });
});

describe('monthsAfter', () => {
  it('counts whole months, to the month’s last day when it is shorter', () => {
    expect(monthsAfter('2026-11-25', 36)).toBe('2029-11-25');
    expect(monthsAfter('2026-01-31', 1)).toBe('2026-02-28');
    expect(monthsAfter('2027-12-31', 2)).toBe('2028-02-29');
    expect(monthsAfter('2026-08-15', 5)).toBe('2027-01-15');
  });
});
