import type { Exam, ExamParticipant } from '@oqu/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { type ExamTable, examsKeys } from './api';
import { applyExamEvent, parseExamEvent, withResults } from './examEvents';

const exam = (over: Partial<Exam> = {}): Exam => ({
  ID: 7,
  Name: 'Экзамен',
  PlanID: 1,
  Plan: 'План',
  TypeID: 13,
  Type: 'Первичная',
  PassMarks: 3,
  TestCount: 5,
  BeginTime: '2026-11-25T10:00:00+06:00',
  Duration: 120,
  Status: 'В процессе',
  EndedAt: null,
  Examenators: [{ ID: 2, Fullname: 'Ахметова Г. С.' }],
  Examenator: { ID: 2, Fullname: 'Ахметова Г. С.' },
  Regions: [{ ID: 5, Fullname: 'Атырауский регион' }],
  Participants: 2,
  SignedBy: [],
  ChairID: 20,
  EditableFields: ['Name', 'PlanID', 'TypeID', 'PassMarks', 'BeginTime', 'Duration', 'Examenators', 'ChairID', 'Regions'],
  LockReason: null,
  CompletedAt: null,
  Now: '2026-11-25T10:30:00+06:00',
  ...over,
});

const participant = (ID: number, Passed: number): ExamParticipant => ({
  ID,
  Fullname: `Слушатель ${ID}`,
  Department: '',
  Duty: '',
  IIN: '',
  Tabel: '',
  Results: { Passed, Total: 5 },
  BelowPassMark: Passed < 3,
  ExamenatorVote: '',
  Votes: [],
  Verdict: 'pending',
});

const table = (): ExamTable => ({
  status: true,
  message: '',
  data: [{ Region: { ID: 5, Fullname: 'Атырауский регион' }, Users: [participant(11, 1), participant(12, 4)] }],
  exam: exam(),
  Signed: false,
  Frozen: false,
  DocumentFixed: false,
  Undecided: [],
  VerdictRule: '',
});

const frame = (event: string, data: unknown) => ({ event, data: typeof data === 'string' ? data : JSON.stringify(data) });

describe('parseExamEvent', () => {
  it('reads each frame of the exam stream', () => {
    expect(parseExamEvent(frame('results', { UserID: 11, Results: { Passed: 2, Total: 5 } }))).toEqual({
      type: 'results',
      data: { UserID: 11, Results: { Passed: 2, Total: 5 } },
    });
    expect(parseExamEvent(frame('status', { Status: 'Завершен', EndedAt: '2026-11-25T11:00:00+06:00' }))).toEqual({
      type: 'status',
      data: { Status: 'Завершен', EndedAt: '2026-11-25T11:00:00+06:00' },
    });
    expect(parseExamEvent(frame('votes', { ExamenatorID: 2 }))).toEqual({ type: 'votes', data: { ExamenatorID: 2 } });
    expect(parseExamEvent(frame('signed', { ExamenatorID: 2 }))).toEqual({ type: 'signed', data: { ExamenatorID: 2 } });
    expect(parseExamEvent(frame('refetch', { What: 'table' }))).toEqual({ type: 'refetch', data: { What: 'table' } });
  });

  it('turns a malformed frame into a refetch and ignores what a screen does not act on', () => {
    expect(parseExamEvent(frame('results', { UserID: 'x' }))).toEqual({ type: 'refetch', data: { What: 'results' } });
    expect(parseExamEvent(frame('status', { Status: 'Пройден' }))).toEqual({ type: 'refetch', data: { What: 'status' } });
    expect(parseExamEvent(frame('results', '{broken'))).toEqual({ type: 'refetch', data: { What: 'results' } });
    expect(parseExamEvent(frame('ready', ''))).toBeNull();
    expect(parseExamEvent(frame('chat', { ID: 1 }))).toBeNull();
  });
});

describe('withResults', () => {
  it('changes only the trainee whose results came, with the pass mark re-read', () => {
    const before = table();
    const after = withResults(before, 11, { Passed: 3, Total: 5 });
    expect(after?.data[0].Users[0]).toMatchObject({ ID: 11, Results: { Passed: 3, Total: 5 }, BelowPassMark: false });
    expect(after?.data[0].Users[1]).toBe(before.data[0].Users[1]);
  });

  it('keeps the same table for someone it does not list', () => {
    const before = table();
    expect(withResults(before, 99, { Passed: 5, Total: 5 })).toBe(before);
    expect(withResults(undefined, 11, { Passed: 5, Total: 5 })).toBeUndefined();
  });
});

describe('applyExamEvent', () => {
  const setup = () => {
    const client = new QueryClient();
    client.setQueryData(examsKeys.table(7), table());
    client.setQueryData(examsKeys.one(7), exam());
    client.setQueryData(examsKeys.mine, [exam(), exam({ ID: 8 })]);
    return client;
  };

  it('patches the participant on results', () => {
    const client = setup();
    applyExamEvent(client, 7, { type: 'results', data: { UserID: 11, Results: { Passed: 4, Total: 5 } } });
    expect(client.getQueryData<ExamTable>(examsKeys.table(7))?.data[0].Users[0].Results).toEqual({ Passed: 4, Total: 5 });
  });

  it('patches the status wherever the exam is cached', () => {
    const client = setup();
    const ended = '2026-11-25T11:00:00+06:00';
    applyExamEvent(client, 7, { type: 'status', data: { Status: 'Завершен', EndedAt: ended } });
    expect(client.getQueryData<ExamTable>(examsKeys.table(7))?.exam).toMatchObject({ Status: 'Завершен', EndedAt: ended });
    expect(client.getQueryData<Exam>(examsKeys.one(7))).toMatchObject({ Status: 'Завершен', EndedAt: ended });
    const mine = client.getQueryData<Exam[]>(examsKeys.mine);
    expect(mine?.map((e) => e.Status)).toEqual(['Завершен', 'В процессе']);
  });

  it('reads the table and the exam again on votes, signatures and refetch', () => {
    for (const type of ['votes', 'signed', 'refetch'] as const) {
      const client = setup();
      applyExamEvent(client, 7, type === 'refetch' ? { type, data: { What: 'all' } } : { type, data: { ExamenatorID: 2 } });
      expect(client.getQueryState(examsKeys.table(7))?.isInvalidated, type).toBe(true);
      expect(client.getQueryState(examsKeys.one(7))?.isInvalidated, type).toBe(true);
      expect(client.getQueryState(examsKeys.mine)?.isInvalidated, type).toBe(false);
    }
  });
});
