import { Role, type WebinarTest } from '@oqu/contracts';
import { describe, expect, it } from 'vitest';
import { mockupTarget } from './mockups';
import { INSTRUCTOR_PATHS, LEARNER_PATHS } from './paths';
import { endOutcome, openingRight, staffTestState, takeableMainTest, traineeCanStart, traineeHasResult } from './tests';

describe('webinar tests', () => {
  it('staff: a test not opened offers the start, a running one runs, a finished one counts', () => {
    expect(staffTestState('Ожидается')).toBe('startable');
    expect(staffTestState('В процессе')).toBe('running');
    expect(staffTestState('Пройден')).toBe('over');
    expect(staffTestState('Не пройден')).toBe('unknown');
  });

  it('trainee: starts only an open test and sees a result once passed or failed', () => {
    expect(traineeCanStart('В процессе')).toBe(true);
    expect(traineeCanStart('Ожидается')).toBe(false);
    expect(traineeCanStart('Пройден')).toBe(false);
    expect(traineeHasResult('Пройден', 4)).toBe(true);
    expect(traineeHasResult('Не пройден', 0)).toBe(true);
    expect(traineeHasResult('Пройден', null)).toBe(false);
    expect(traineeHasResult('В процессе', 2)).toBe(false);
  });
});

describe('paths', () => {
  it('lead to the screens of each layout', () => {
    expect(LEARNER_PATHS.full.room(5)).toBe('/user/webinar-view/5');
    expect(LEARNER_PATHS.compact.room(5)).toBe('/webinar-view/5');
    expect(LEARNER_PATHS.full.ask(5)).toBe('/user/chat-webinar/5');
    expect(LEARNER_PATHS.full.thread(5)).toBe('/user/chat-webinar-messages/5');
    expect(LEARNER_PATHS.compact.ask(5)).toBe('/webinar-chatquestions/5');
    expect(LEARNER_PATHS.full.testing(9)).toBe('/user/testing/9');
    expect(LEARNER_PATHS.compact.tests(5)).toBe('/test-list/5');
    expect(INSTRUCTOR_PATHS.full.conduct(5)).toBe('/admin/start-webinar/5');
    expect(INSTRUCTOR_PATHS.compact.conduct(5)).toBe('/webinar-start/5');
    expect(INSTRUCTOR_PATHS.compact.tests(5)).toBe('/webinar-exams/5');
  });
});

describe('the spec’s mock-ups', () => {
  const trainee = 3;
  const teacher = 4;
  it('send a trainee to their screens', () => {
    expect(mockupTarget('/questions', trainee)).toBe('/webinars');
    expect(mockupTarget('/webinar-questions', trainee)).toBe('/webinars');
    expect(mockupTarget('/webinar-ask', trainee)).toBe('/webinars');
    expect(mockupTarget('/webinar-chat/12', trainee)).toBe('/webinar-chatquestions/12');
    expect(mockupTarget('/webinar-chat/abc', trainee)).toBe('/webinars');
    expect(mockupTarget('/webinar-media', trainee)).toBe('/mediafiles');
    expect(mockupTarget('/webinar-test', trainee)).toBe('/webinars');
    expect(mockupTarget('/online', trainee)).toBe('/webinars');
  });

  it('send staff to the inbox or their webinars', () => {
    expect(mockupTarget('/questions', teacher)).toBe('/questions-webinars');
    expect(mockupTarget('/webinar-chat/12', teacher)).toBe('/questions-webinars');
    expect(mockupTarget('/instructor-chat', teacher)).toBe('/webinars-instructor');
    expect(mockupTarget('/instructor-doc', 1)).toBe('/webinars-instructor');
    expect(mockupTarget('/online', 2)).toBe('/webinars-instructor');
    expect(mockupTarget('/webinar-test', teacher)).toBe('/webinars-instructor');
  });

  it('leave a region account or an unknown path to the landing', () => {
    expect(mockupTarget('/questions', 5)).toBeNull();
    expect(mockupTarget('/questions', undefined)).toBeNull();
    expect(mockupTarget('/something', trainee)).toBeNull();
  });
});

describe('who opens webinar tests, and where the end leads', () => {
  const webinar = (Status: 'Ожидается' | 'В процессе' | 'Завершен') => ({ TeacherID: 7, Status });
  const test = (Status: string, Questions = 3): WebinarTest => ({
    ID: 11,
    Test: 'Итоговый тест',
    Topic: 'Тема',
    Duration: 10,
    Questions,
    Position: 1,
    Status,
    Result: null,
    OpenedAt: null,
    Deadline: null,
  });

  it('an administrator opens at any time; the own teacher only while it is in progress; nobody else ever', () => {
    expect(openingRight(Role.Admin, 1, webinar('Завершен'))).toBe('open');
    expect(openingRight(Role.Teacher, 7, webinar('В процессе'))).toBe('open');
    expect(openingRight(Role.Teacher, 7, webinar('Ожидается'))).toBe('notLive');
    expect(openingRight(Role.Teacher, 7, webinar('Завершен'))).toBe('notLive');
    expect(openingRight(Role.Teacher, 8, webinar('В процессе'))).toBe('none');
    expect(openingRight(Role.Examiner, 2, webinar('В процессе'))).toBe('none');
    expect(openingRight(Role.Teacher, 7, undefined)).toBe('none');
  });

  it('the end opens a main test never opened, sends to one still open, else to the list', () => {
    expect(endOutcome({ exam: test('Ожидается') })).toMatchObject({ kind: 'opensTest', test: { ID: 11 } });
    expect(endOutcome({ exam: test('В процессе') })).toMatchObject({ kind: 'toTest', test: { ID: 11 } });
    expect(endOutcome({ exam: test('Пройден') })).toEqual({ kind: 'toList' });
    expect(endOutcome({ exam: test('Ожидается', 0) })).toEqual({ kind: 'toList' });
    expect(endOutcome({ exam: null })).toEqual({ kind: 'toList' });
  });

  it('the trainee goes to the main test only when they can take it', () => {
    expect(takeableMainTest({ exam: test('В процессе') })).toBe(11);
    expect(takeableMainTest({ exam: test('Пройден') })).toBeNull();
    expect(takeableMainTest({ exam: test('Ожидается') })).toBeNull();
    expect(takeableMainTest({ exam: test('В процессе', 0) })).toBeNull();
    expect(takeableMainTest({ exam: null })).toBeNull();
    expect(takeableMainTest(undefined)).toBeNull();
  });
});
