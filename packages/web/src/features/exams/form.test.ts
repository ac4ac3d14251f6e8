import type { Exam } from '@oqu/contracts';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getOrgTimeZone, setOrgTimeZone } from '../../lib/dates';
import { chairOf, examFormLock, examInitialValues, examRequestBody } from './form';

const exam: Exam = {
  ID: 5,
  Name: 'Аттестация',
  PlanID: 7,
  Plan: 'Охрана труда',
  TypeID: 14,
  Type: 'Периодическая',
  PassMarks: 3,
  TestCount: 4,
  BeginTime: '2026-03-02T04:30:00Z',
  Duration: 90,
  Status: 'Ожидается',
  EndedAt: null,
  Examenators: [
    { ID: 20, Fullname: 'Ахметова' },
    { ID: 21, Fullname: 'Иванов' },
  ],
  Examenator: { ID: 20, Fullname: 'Ахметова' },
  Regions: [{ ID: 50, Fullname: 'Атырау' }],
  Participants: 12,
  SignedBy: [],
  ChairID: 20,
  EditableFields: ['Name', 'PlanID', 'TypeID', 'PassMarks', 'BeginTime', 'Duration', 'Examenators', 'ChairID', 'Regions'],
  LockReason: null,
  CompletedAt: null,
  Now: '2026-03-01T00:00:00Z',
};

describe('the exam form', () => {
  let zone: string;
  beforeEach(() => {
    zone = getOrgTimeZone();
    setOrgTimeZone('Asia/Almaty');
  });
  afterEach(() => setOrgTimeZone(zone));

  it('starts a new exam with the first type, no pass mark and 120 minutes', () => {
    expect(examInitialValues(undefined, [{ ID: 13 }, { ID: 14 }])).toEqual({
      Name: '',
      TypeID: 13,
      Examenators: [],
      Regions: [],
      PassMarks: 0,
      Duration: 120,
    });
    expect(examInitialValues(undefined, []).TypeID).toBeUndefined();
  });

  it('shows an edited exam’s start on the organisation’s wall clock, its people by ID', () => {
    const values = examInitialValues(exam, []);
    expect(values).toMatchObject({
      Name: 'Аттестация',
      PlanID: 7,
      TypeID: 14,
      Examenators: [20, 21],
      ChairID: 20,
      Regions: [50],
      PassMarks: 3,
      Duration: 90,
    });
    expect(values.Date?.format('DD.MM.YYYY')).toBe('02.03.2026');
    expect(values.Time?.format('HH:mm')).toBe('09:30');
  });

  it('sends the picked date and time with the organisation’s offset, numbers as integers', () => {
    const body = examRequestBody({
      Name: '  Аттестация  ',
      PlanID: 7,
      TypeID: 13,
      Examenators: [20, 21],
      ChairID: 21,
      Regions: [],
      PassMarks: 2,
      Date: dayjs('2026-03-02'),
      Time: dayjs('2026-03-02T10:35'),
      Duration: 120,
    });
    expect(body).toEqual({
      Name: 'Аттестация',
      PlanID: 7,
      TypeID: 13,
      PassMarks: 2,
      BeginTime: '2026-03-02T10:35:00+05:00',
      Duration: 120,
      Examenators: [20, 21],
      ChairID: 21,
      Regions: [],
    });
  });

  it('sends nothing while the plan, type, date or time is missing', () => {
    const values = { Name: 'X', PlanID: 7, TypeID: 13, Examenators: [20], Regions: [], PassMarks: 0, Duration: 120 };
    expect(examRequestBody({ ...values, Date: dayjs('2026-03-02') })).toBeNull();
    expect(examRequestBody({ ...values, PlanID: undefined, Date: dayjs('2026-03-02'), Time: dayjs('2026-03-02T10:00') })).toBeNull();
  });

  it('keeps the chair among the examiners: the first by default, or once the chosen one is dropped', () => {
    expect(chairOf([20, 21], 21)).toBe(21);
    expect(chairOf([20, 21], undefined)).toBe(20);
    expect(chairOf([21], 20)).toBe(21);
    expect(chairOf([], 20)).toBeUndefined();
  });

  it('locks what the server no longer lets change, and the whole of a signed exam', () => {
    expect(examFormLock(undefined, 'signed').readOnly).toBe(false);
    const open = examFormLock(exam, 'signed');
    expect([open.readOnly, open.reason, open.editable('Examenators')]).toEqual([false, null, true]);
    const begun = examFormLock({ ...exam, EditableFields: ['Name'], LockReason: 'Экзамен начался' }, 'signed');
    expect([begun.readOnly, begun.reason, begun.editable('Name'), begun.editable('PassMarks')]).toEqual([
      false,
      'Экзамен начался',
      true,
      false,
    ]);
    const signed = examFormLock({ ...exam, SignedBy: [20] }, 'Табель подписан');
    expect([signed.readOnly, signed.reason, signed.editable('Name')]).toEqual([true, 'Табель подписан', false]);
  });
});
