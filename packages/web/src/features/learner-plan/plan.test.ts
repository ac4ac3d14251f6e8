import type { PlanStatistic, PlanTopicRow, UserInfo } from '@oqu/contracts';
import { describe, expect, it } from 'vitest';
import {
  clampPercent,
  completedCount,
  examState,
  formatHours,
  formatPercent,
  groupTopicsByType,
  isKnownType,
  parseTypeId,
  planRows,
  primaryPlan,
  statisticFor,
  TOPIC_TYPES,
  topicDetails,
  topicNumber,
  topicSchedule,
  topicsOfType,
  topicTitle,
  topicTypeKey,
} from './plan';

/** Intl writes narrow or plain no-break spaces in some languages: compare with plain spaces. */
const noExam = { PassMarks: null, ExamID: null, Name: null, Status: null, Verdict: null } as const;
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

let nextId = 1;
function topic(partial: Partial<PlanTopicRow> = {}): PlanTopicRow {
  const id = nextId++;
  return {
    ID: id,
    Topic: `Тема ${id}`,
    Name: `Тема ${id}`,
    Number: id,
    IDNumber: '',
    Studyhour: 2,
    Date: null,
    TypeID: TOPIC_TYPES.production,
    EduType: 11,
    Description: '',
    Thematic: '',
    TextOne: '',
    TextTwo: '',
    TextThree: '',
    TextFour: '',
    Tests: [],
    Scorm: [],
    Completed: false,
    ...partial,
  };
}

const stat = (Typeid: number, Hour: number, TotalHour: number, Percent: number, Name = ''): PlanStatistic => ({
  Typeid,
  Name,
  Hour,
  TotalHour,
  Percent,
});

describe('topic types', () => {
  it('knows 9 as production and 10 as theoretical', () => {
    expect(topicTypeKey(9)).toBe('production');
    expect(topicTypeKey(10)).toBe('theoretical');
    expect(topicTypeKey(11)).toBeNull();
  });

  it('reads /type/{id} as a positive whole number only', () => {
    expect(parseTypeId('9')).toBe(9);
    expect(parseTypeId('10')).toBe(10);
    for (const bad of [undefined, '', '0', '-9', '9.5', 'abc', '9abc', ' 9', '1234567890123'])
      expect(parseTypeId(bad), String(bad)).toBeNull();
  });

  it('accepts the types the server reports, else 9 and 10', () => {
    const statistic = [stat(9, 0, 0, 0), stat(10, 0, 0, 0)];
    expect(isKnownType(9, statistic)).toBe(true);
    expect(isKnownType(10, statistic)).toBe(true);
    expect(isKnownType(11, statistic)).toBe(false);
    expect(isKnownType(12, [stat(12, 0, 0, 0)])).toBe(true);
    expect(isKnownType(10, [])).toBe(true);
    expect(isKnownType(42, [])).toBe(false);
  });
});

describe('grouping topics by type', () => {
  it('keeps the server order inside each type and lists 9 and 10 even when empty', () => {
    const a = topic({ TypeID: 10 });
    const b = topic({ TypeID: 9 });
    const c = topic({ TypeID: 10 });
    const groups = groupTopicsByType([a, b, c]);
    expect([...groups.keys()]).toEqual([9, 10]);
    expect(groups.get(9)?.map((t) => t.ID)).toEqual([b.ID]);
    expect(groups.get(10)?.map((t) => t.ID)).toEqual([a.ID, c.ID]);
    expect([...groupTopicsByType([]).entries()]).toEqual([
      [9, []],
      [10, []],
    ]);
  });

  it('puts a topic of an unexpected type in its own group after the known ones', () => {
    const odd = topic({ TypeID: 77 });
    const groups = groupTopicsByType([odd, topic({ TypeID: 9 })]);
    expect([...groups.keys()]).toEqual([9, 10, 77]);
    expect(groups.get(77)).toEqual([odd]);
  });

  it('filters one type and counts completed topics', () => {
    const topics = [topic({ TypeID: 9, Completed: true }), topic({ TypeID: 9 }), topic({ TypeID: 10, Completed: true })];
    expect(topicsOfType(topics, 9)).toHaveLength(2);
    expect(completedCount(topicsOfType(topics, 9))).toBe(1);
    expect(completedCount(topics)).toBe(2);
  });
});

describe('statistics and the three plan rows', () => {
  it('takes the server statistic of a type as it is', () => {
    const given = stat(9, 4, 10.5, 38.1, 'Производственное обучение');
    expect(statisticFor([given], [], 9)).toBe(given);
  });

  it('works the numbers out from the topics when the server gave none', () => {
    const topics = [
      topic({ TypeID: 10, Studyhour: 4, Completed: true }),
      topic({ TypeID: 10, Studyhour: 6 }),
      topic({ TypeID: 10, Studyhour: 2.5, Completed: true }),
    ];
    expect(statisticFor([], topics, 10)).toEqual({ Typeid: 10, Name: '', TotalHour: 12.5, Hour: 6.5, Percent: 52 });
    expect(statisticFor([], topics, 9)).toEqual({ Typeid: 9, Name: '', TotalHour: 0, Hour: 0, Percent: 0 });
    expect(statisticFor([], [topic({ TypeID: 9, Studyhour: 3, Completed: true }), topic({ TypeID: 9, Studyhour: 6 })], 9).Percent).toBe(
      33.3,
    );
  });

  it('gives production, theoretical, then the exam', () => {
    const p = topic({ TypeID: 9 });
    const th = topic({ TypeID: 10 });
    const rows = planRows({ data: [th, p], statistic: [stat(9, 0, 2, 0), stat(10, 2, 2, 100)], exam: noExam });
    expect(rows.map((row) => [row.number, row.key])).toEqual([
      [1, 'production'],
      [2, 'theoretical'],
      [3, 'exam'],
    ]);
    const [production, theoretical, exam] = rows;
    expect(production.key === 'production' && production.topics).toEqual([p]);
    expect(theoretical.key === 'theoretical' && theoretical.statistic.Percent).toBe(100);
    expect(exam.key === 'exam' && exam.exam).toEqual({ outcome: 'none', name: null, status: null });
  });

  it('marks the exam passed exactly when PassMarks is set or the trainee is accepted', () => {
    const exam = { ...noExam, ExamID: 4, Name: 'Итоговый экзамен', Status: 'Завершен' };
    expect(examState({ ...exam, PassMarks: 3, Verdict: 'accepted' })).toEqual({
      outcome: 'passed',
      name: 'Итоговый экзамен',
      status: 'Завершен',
    });
    expect(examState({ ...noExam, PassMarks: 0 }).outcome).toBe('passed');
    // the original server's answer carries PassMarks alone
    expect(examState({ PassMarks: 87.5 }).outcome).toBe('passed');
    expect(examState({ ...exam, Verdict: 'accepted' }).outcome).toBe('passed');
  });

  it('says rejected once the signed verdict does, waiting while there is an exam, none without one', () => {
    const exam = { ...noExam, ExamID: 4, Name: 'Итоговый экзамен', Status: 'Завершен' };
    expect(examState({ ...exam, Verdict: 'rejected' }).outcome).toBe('rejected');
    expect(examState({ ...exam, Verdict: 'pending' }).outcome).toBe('waiting');
    expect(examState(exam)).toEqual({ outcome: 'waiting', name: 'Итоговый экзамен', status: 'Завершен' });
    expect(examState({ ...exam, Status: 'В процессе' }).status).toBe('В процессе');
    expect(examState(noExam)).toEqual({ outcome: 'none', name: null, status: null });
    expect(examState(undefined)).toEqual({ outcome: 'none', name: null, status: null });
  });
});

describe('formatting', () => {
  it('writes percentages with one decimal in the language’s way', () => {
    expect(plain(formatPercent(33.333, 'ru'))).toBe('33,3 %');
    expect(plain(formatPercent(33.35, 'en'))).toBe('33.4%');
    expect(plain(formatPercent(100, 'ru'))).toBe('100 %');
    expect(plain(formatPercent(0, 'en'))).toBe('0%');
    expect(plain(formatPercent(52, 'kk'))).toMatch(/^52 ?%$/);
    expect(plain(formatPercent(Number.NaN, 'en'))).toBe('0%');
  });

  it('writes hours with at most one decimal', () => {
    expect(formatHours(2.5, 'ru')).toBe('2,5');
    expect(formatHours(2.5, 'en')).toBe('2.5');
    expect(formatHours(12, 'en')).toBe('12');
    expect(formatHours(1.25, 'en')).toBe('1.3');
    expect(formatHours(-1, 'en')).toBe('0');
  });

  it('keeps progress bars within 0–100', () => {
    expect(clampPercent(45.5)).toBe(45.5);
    expect(clampPercent(120)).toBe(100);
    expect(clampPercent(-3)).toBe(0);
    expect(clampPercent(Number.POSITIVE_INFINITY)).toBe(0);
  });

  it('gives a topic’s date as DD.MM.YYYY and time as HH:mm, or nothing', () => {
    expect(topicSchedule('2026-03-05T04:30:00.000Z')).toEqual({ date: '05.03.2026', time: '09:30' });
    expect(topicSchedule(null)).toBeNull();
    expect(topicSchedule('not a date')).toBeNull();
  });

  it('numbers and names a topic by its own spelling first', () => {
    expect(topicNumber({ IDNumber: ' 1.2 ', Number: 3 })).toBe('1.2');
    expect(topicNumber({ IDNumber: '', Number: 3 })).toBe('3');
    expect(topicNumber({ IDNumber: '', Number: 0 })).toBe('');
    expect(topicTitle({ Topic: '', Name: 'Охрана труда' })).toBe('Охрана труда');
    expect(topicTitle({ Topic: 'Пожарная безопасность', Name: 'x' })).toBe('Пожарная безопасность');
  });

  it('lists the filled plan texts of a topic in a fixed order', () => {
    const details = topicDetails(topic({ TextFour: 'Плакаты', Thematic: 'Основы', TextOne: '  ', TextTwo: 'Конспект' }));
    expect(details).toEqual([
      { field: 'Thematic', text: 'Основы' },
      { field: 'TextTwo', text: 'Конспект' },
      { field: 'TextFour', text: 'Плакаты' },
    ]);
  });
});

describe('primaryPlan', () => {
  const info = (plans: UserInfo['Plans']): UserInfo => ({ Plans: plans, Position: { Name: '' }, Department: '', Fullname: '' });
  const plan = (ID: number) => ({
    ID,
    Name: `План ${ID}`,
    Plan: `План ${ID}`,
    Description: '',
    Duty: [],
    Certificate: null,
    Types: null,
    EduTypeName: null,
  });

  it('uses the first plan, or none', () => {
    expect(primaryPlan(info([plan(1), plan(2)]))?.ID).toBe(1);
    expect(primaryPlan(info([]))).toBeNull();
    expect(primaryPlan(undefined)).toBeNull();
  });
});
