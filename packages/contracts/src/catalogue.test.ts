import { describe, expect, it } from 'vitest';
import {
  attachPlanRequest,
  certificateRequest,
  createPlanRequest,
  duties,
  topicRequest,
  updateCertificateRequest,
  updatePlanRequest,
  updateTopicRequest,
} from './catalogue.js';

describe('duties (plan positions)', () => {
  it('splits the comma-separated text typed in the form, trimming and dropping empty entries', () => {
    expect(duties.parse('Оператор, Мастер участка ,, ,Инженер')).toEqual(['Оператор', 'Мастер участка', 'Инженер']);
    expect(duties.parse('  ')).toEqual([]);
    expect(duties.parse('')).toEqual([]);
  });

  it('takes a list as it comes, cleaned the same way', () => {
    expect(duties.parse([' Слесарь ', '', 'Электрик'])).toEqual(['Слесарь', 'Электрик']);
    expect(duties.parse([])).toEqual([]);
  });

  it('collapses inner spaces and keeps each position once, in the order first given', () => {
    expect(duties.parse('Мастер   участка, Оператор, Мастер участка,Оператор')).toEqual(['Мастер участка', 'Оператор']);
    expect(duties.parse(['Оператор\tустановок', 'Оператор установок'])).toEqual(['Оператор установок']);
  });

  it('keeps commas inside list items (only typed text is split)', () => {
    expect(duties.parse(['Мастер, старший'])).toEqual(['Мастер, старший']);
  });

  it('refuses positions that are too long or too many, and values that are not text', () => {
    expect(duties.safeParse(['x'.repeat(201)]).success).toBe(false);
    expect(duties.safeParse(Array.from({ length: 101 }, (_, i) => `Должность ${i}`)).success).toBe(false);
    expect(duties.safeParse(Array.from({ length: 100 }, (_, i) => `Должность ${i}`)).success).toBe(true);
    expect(duties.safeParse(42).success).toBe(false);
    expect(duties.safeParse([1, 2]).success).toBe(false);
  });
});

describe('plan requests', () => {
  it('fills defaults on creation and accepts the spec’s other spellings', () => {
    expect(createPlanRequest.parse({ name: 'План', duty: 'А, Б' })).toEqual({ Name: 'План', Description: '', Duty: ['А', 'Б'] });
    expect(createPlanRequest.parse({ Plan: ' План ', description: 'Текст', CertificateID: '3', Types: 11 })).toEqual({
      Name: 'План',
      Description: 'Текст',
      Duty: [],
      CertificateID: 3,
      Types: 11,
    });
  });

  it('prefers the canonical spelling when both are given', () => {
    expect(createPlanRequest.parse({ Name: 'Главное', name: 'Второе' }).Name).toBe('Главное');
  });

  it('reads an empty certificate or type as "none"', () => {
    expect(createPlanRequest.parse({ Name: 'План', CertificateID: '', Types: null })).toMatchObject({ CertificateID: null, Types: null });
  });

  it('refuses a missing or blank name and ids that are not positive integers', () => {
    expect(createPlanRequest.safeParse({}).success).toBe(false);
    expect(createPlanRequest.safeParse({ Name: '   ' }).success).toBe(false);
    expect(createPlanRequest.safeParse({ Name: 'План', CertificateID: 'abc' }).success).toBe(false);
    expect(createPlanRequest.safeParse({ Name: 'План', Types: 0 }).success).toBe(false);
  });

  it('leaves out of an update whatever the body does not carry', () => {
    expect(updatePlanRequest.parse({ name: 'Новое имя' })).toEqual({ Name: 'Новое имя' });
    const parsed = updatePlanRequest.parse({ Description: 'Только описание' });
    expect(parsed).toEqual({ Description: 'Только описание' });
    expect('Types' in parsed && parsed.Types !== undefined).toBe(false);
    expect(updatePlanRequest.parse({ CertificateID: null, Types: '' })).toEqual({ CertificateID: null, Types: null });
    expect(updatePlanRequest.safeParse({ Name: '' }).success).toBe(false);
  });
});

describe('topic requests', () => {
  const base = { PlanID: 1, Name: 'Тема', TypeID: 10, EduType: 11 };

  it('fills defaults and accepts Topic, Number, Studyhour and planID', () => {
    expect(topicRequest.parse(base)).toEqual({
      ...base,
      Position: 0,
      Description: '',
      IDNumber: '',
      Thematic: '',
      TextOne: '',
      TextTwo: '',
      TextThree: '',
      TextFour: '',
      TotalHour: 0,
      Date: null,
    });
    expect(
      topicRequest.parse({ planID: '2', Topic: 'Другая', Number: '3', Studyhour: '1.5', IDNumber: 12, TypeID: 9, EduType: 12 }),
    ).toMatchObject({
      PlanID: 2,
      Name: 'Другая',
      Position: 3,
      TotalHour: 1.5,
      IDNumber: '12',
    });
  });

  it('treats empty form fields as not given', () => {
    expect(topicRequest.parse({ ...base, Position: '', TotalHour: '', Date: '' })).toMatchObject({ Position: 0, TotalHour: 0, Date: null });
  });

  it('accepts a time with an offset and refuses others', () => {
    expect(topicRequest.parse({ ...base, Date: '2026-12-01T10:00:00+06:00' }).Date).toBe('2026-12-01T10:00:00+06:00');
    expect(topicRequest.safeParse({ ...base, Date: '2026-12-01' }).success).toBe(false);
    expect(topicRequest.safeParse({ ...base, Date: '01.12.2026 10:00' }).success).toBe(false);
  });

  it('refuses negative hours or positions and missing types', () => {
    expect(topicRequest.safeParse({ ...base, TotalHour: -0.5 }).success).toBe(false);
    expect(topicRequest.safeParse({ ...base, Position: -1 }).success).toBe(false);
    expect(topicRequest.safeParse({ ...base, Position: 1.5 }).success).toBe(false);
    expect(topicRequest.safeParse({ PlanID: 1, Name: 'Тема' }).success).toBe(false);
  });

  it('keeps the scheduled time on update when Date is left out, and clears it with null or empty', () => {
    expect(updateTopicRequest.parse(base).Date).toBeUndefined();
    expect(updateTopicRequest.parse({ ...base, Date: null }).Date).toBeNull();
    expect(updateTopicRequest.parse({ ...base, Date: '' }).Date).toBeNull();
    expect(updateTopicRequest.parse({ ...base, Date: '2026-12-01T10:00:00Z' }).Date).toBe('2026-12-01T10:00:00Z');
  });
});

describe('certificate and attachment requests', () => {
  it('needs a name, a file name and a Path to create; an update may keep the file', () => {
    expect(certificateRequest.safeParse({ Name: 'Сертификат', FileName: 'a.pdf' }).success).toBe(false);
    expect(certificateRequest.parse({ Name: ' Сертификат ', FileName: 'a.pdf', Path: '/files/certificates/x.pdf' }).Name).toBe(
      'Сертификат',
    );
    expect(updateCertificateRequest.parse({ Name: 'Сертификат' })).toEqual({ Name: 'Сертификат' });
    expect(updateCertificateRequest.safeParse({ FileName: 'a.pdf' }).success).toBe(false);
  });

  it('attaches a plan by id, detaches with null or empty, and needs the field', () => {
    expect(attachPlanRequest.parse({ PlanID: '7' })).toEqual({ PlanID: 7 });
    expect(attachPlanRequest.parse({ PlanID: null })).toEqual({ PlanID: null });
    expect(attachPlanRequest.parse({ PlanID: '' })).toEqual({ PlanID: null });
    expect(attachPlanRequest.safeParse({}).success).toBe(false);
    expect(attachPlanRequest.safeParse({ PlanID: 0 }).success).toBe(false);
  });
});
