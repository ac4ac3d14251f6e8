import type { Problem } from '@oqu/contracts';
import { describe, expect, it } from 'vitest';
import {
  clockParts,
  countdownUnits,
  firstWebinars,
  formatClock,
  groupLearnerWebinars,
  isDue,
  isOwnMessage,
  lastText,
  opensAt,
  sortThreads,
  threadMessages,
  webinarStatusKey,
} from './status';

const days = (count: number) => `${count}d`;
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('the teacher countdown', () => {
  it('targets 30 minutes before the start', () => {
    expect(opensAt('2026-03-02T10:00:00+05:00')).toBe(Date.parse('2026-03-02T09:30:00+05:00'));
    expect(opensAt('not a date')).toBeNaN();
  });

  it('reads hh:mm:ss below a day', () => {
    expect(formatClock(0, days)).toBe('00:00:00');
    expect(formatClock(59 * SECOND + 999, days)).toBe('00:00:59');
    expect(formatClock(HOUR + 2 * MINUTE + 3 * SECOND, days)).toBe('01:02:03');
    expect(formatClock(DAY - SECOND, days)).toBe('23:59:59');
  });

  it('puts the days in front from one day on', () => {
    expect(formatClock(DAY, days)).toBe('1d 00:00:00');
    expect(formatClock(3 * DAY + 4 * HOUR + 5 * MINUTE + 6 * SECOND, days)).toBe('3d 04:05:06');
  });

  it('stops at zero once the moment has passed, and for a bad span', () => {
    expect(formatClock(-5 * SECOND, days)).toBe('00:00:00');
    expect(clockParts(Number.NaN)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});

describe('the learner countdown', () => {
  it('leaves out leading zero units and always says the minutes', () => {
    expect(countdownUnits({ days: 2, hours: 0, minutes: 5 })).toEqual([
      ['day', 2],
      ['hour', 0],
      ['minute', 5],
    ]);
    expect(countdownUnits({ days: 0, hours: 3, minutes: 0 })).toEqual([
      ['hour', 3],
      ['minute', 0],
    ]);
    expect(countdownUnits({ days: 0, hours: 0, minutes: 0 })).toEqual([['minute', 0]]);
  });
});

describe('statuses', () => {
  it('knows the three texts the server sends', () => {
    expect(webinarStatusKey('Ожидается')).toBe('waiting');
    expect(webinarStatusKey('В процессе')).toBe('live');
    expect(webinarStatusKey(' Завершен ')).toBe('finished');
    expect(webinarStatusKey('Отменён')).toBeNull();
    expect(webinarStatusKey(undefined)).toBeNull();
  });

  it('a waiting webinar is due for a reload from 30 minutes before its start', () => {
    const start = '2026-03-02T10:00:00+05:00';
    const opening = Date.parse('2026-03-02T09:30:00+05:00');
    expect(isDue({ Status: 'Ожидается', Startdate: start }, opening - 1)).toBe(false);
    expect(isDue({ Status: 'Ожидается', Startdate: start }, opening)).toBe(true);
    expect(isDue({ Status: 'В процессе', Startdate: start }, opening + HOUR)).toBe(false);
  });
});

describe('the learner groups', () => {
  const webinar = (ID: number, Status: string, Startdate: string) => ({ ID, Status, Startdate });
  const list = [
    webinar(1, 'Завершен', '2026-01-01T10:00:00+05:00'),
    webinar(2, 'Ожидается', '2026-05-01T10:00:00+05:00'),
    webinar(3, 'В процессе', '2026-03-01T10:00:00+05:00'),
    webinar(4, 'Ожидается', '2026-04-01T10:00:00+05:00'),
    webinar(5, 'Завершен', '2026-02-01T10:00:00+05:00'),
    webinar(6, 'В процессе', '2026-03-01T09:00:00+05:00'),
    webinar(7, 'Отменён', '2026-03-01T09:00:00+05:00'),
  ];

  it('puts each webinar in its group: current and upcoming soonest first, past latest first', () => {
    const groups = groupLearnerWebinars(list);
    expect(groups.current.map((w) => w.ID)).toEqual([6, 3]);
    expect(groups.upcoming.map((w) => w.ID)).toEqual([4, 2]);
    expect(groups.past.map((w) => w.ID)).toEqual([5, 1]);
  });

  it('leaves an unknown status out and keeps the input as it was', () => {
    const groups = groupLearnerWebinars(list);
    expect([...groups.current, ...groups.upcoming, ...groups.past]).toHaveLength(6);
    expect(list.map((w) => w.ID)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('gives empty groups for no webinars', () => {
    expect(groupLearnerWebinars([])).toEqual({ current: [], upcoming: [], past: [] });
  });

  it('the main page shows what is on, then what comes, then the latest past', () => {
    expect(firstWebinars(list, 3).map((w) => w.ID)).toEqual([6, 3, 4]);
    expect(firstWebinars(list.slice(0, 1), 3).map((w) => w.ID)).toEqual([1]);
  });
});

function problem(overrides: Partial<Problem> & Pick<Problem, 'ID'>): Problem {
  return {
    WebID: 1,
    UserID: 10,
    QuestionText: 'Вопрос',
    CreatedAt: '2026-03-01T10:00:00+05:00',
    Read: true,
    User: { ID: 10, Fullname: 'Слушатель', Duty: 'Слесарь', RoleID: 3 },
    Webinar: { ID: 1, Webinarname: 'Вебинар', Startdate: '2026-03-01T09:00:00+05:00', Description: '', Teacher: 'Преподаватель' },
    Answer: [],
    ...overrides,
  };
}

const answer = (ID: number, CreatedAt: string, RoleID: number, AnswerText = `ответ ${ID}`) => ({
  ID,
  AnswerText,
  CreatedAt,
  User: { ID: RoleID === 3 ? 10 : 20, Fullname: RoleID === 3 ? 'Слушатель' : 'Преподаватель', RoleID },
  Documents: [],
});

describe('a question thread', () => {
  it('reads the question first, then the answers oldest first', () => {
    const thread = problem({
      ID: 1,
      Answer: [answer(12, '2026-03-01T12:00:00+05:00', 4), answer(11, '2026-03-01T11:00:00+05:00', 3)],
    });
    const messages = threadMessages(thread);
    expect(messages.map((m) => m.key)).toEqual(['q1', 'a11', 'a12']);
    expect(messages[0]).toMatchObject({ answerId: null, text: 'Вопрос', author: { RoleID: 3 } });
    expect(messages[2]).toMatchObject({ answerId: 12, author: { RoleID: 4 } });
    expect(lastText(thread)).toBe('ответ 12');
    expect(lastText(problem({ ID: 2 }))).toBe('Вопрос');
  });

  it('draws a trainee’s messages as their own for the trainee and as the other side for staff', () => {
    expect(isOwnMessage(3, 'learner')).toBe(true);
    expect(isOwnMessage(4, 'learner')).toBe(false);
    expect(isOwnMessage(1, 'learner')).toBe(false);
    expect(isOwnMessage(3, 'staff')).toBe(false);
    expect(isOwnMessage(4, 'staff')).toBe(true);
  });

  it('orders the inbox by the newest message, answers included', () => {
    const threads = [
      problem({ ID: 1, CreatedAt: '2026-03-01T10:00:00+05:00', Answer: [answer(5, '2026-03-03T10:00:00+05:00', 3)] }),
      problem({ ID: 2, CreatedAt: '2026-03-02T10:00:00+05:00' }),
      problem({ ID: 3, CreatedAt: '2026-03-02T10:00:00+05:00' }),
    ];
    expect(sortThreads(threads).map((t) => t.ID)).toEqual([1, 3, 2]);
  });
});
