import { type Problem, type ProblemAnswer, WEBINAR_OPENS_BEFORE_MINUTES, WEBINAR_STATUS } from '@oqu/contracts';

/**
 * Pure rules of the webinar lists (learner-and-instructor.md §4, admin-back-office.md §4): status
 * keys and colours, countdown targets and clock formatting, the learner's three groups, the order of
 * question threads and who wrote what in a conversation.
 */

export type WebinarStatusKey = 'waiting' | 'live' | 'finished';

/** What these rules read of a webinar (its status as the server's text). */
export interface Scheduled {
  ID: number;
  Status: string;
  Startdate: string;
}

const STATUS_KEYS: Record<string, WebinarStatusKey> = {
  [WEBINAR_STATUS.Waiting]: 'waiting',
  [WEBINAR_STATUS.Live]: 'live',
  [WEBINAR_STATUS.Finished]: 'finished',
};

/** The translation key (under `status.`) of a status text the server sends, or null for an unknown one. */
export function webinarStatusKey(status: string | null | undefined): WebinarStatusKey | null {
  return (status && STATUS_KEYS[status.trim()]) || null;
}

const MINUTE = 60_000;

/** When a webinar reads 'В процессе' (the teacher's countdown target): 30 minutes before its start, in ms; NaN for a bad date. */
export function opensAt(startdate: string): number {
  return Date.parse(startdate) - WEBINAR_OPENS_BEFORE_MINUTES * MINUTE;
}

export interface ClockParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Whole days, hours, minutes and seconds of a span in ms; zeros for a span that has passed (or is not a number). */
export function clockParts(ms: number): ClockParts {
  const total = Number.isFinite(ms) && ms > 0 ? Math.floor(ms / 1000) : 0;
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

const two = (value: number) => String(value).padStart(2, '0');

/**
 * The teacher's countdown: `hh:mm:ss`, preceded by the days when it is a day or longer
 * (`days(2)` gives their words, e.g. "2 дня"), so that hours never pass 23.
 */
export function formatClock(ms: number, days: (count: number) => string): string {
  const parts = clockParts(ms);
  const clock = `${two(parts.hours)}:${two(parts.minutes)}:${two(parts.seconds)}`;
  return parts.days > 0 ? `${days(parts.days)} ${clock}` : clock;
}

export type CountdownUnit = 'day' | 'hour' | 'minute';

/**
 * The learner's countdown in days, hours and minutes (§4): the leading zero units are left out
 * ("3 hours 5 minutes", not "0 days 3 hours 5 minutes"); minutes are always said.
 */
export function countdownUnits(parts: { days: number; hours: number; minutes: number }): [CountdownUnit, number][] {
  const units: [CountdownUnit, number][] = [];
  if (parts.days > 0) units.push(['day', parts.days]);
  if (parts.days > 0 || parts.hours > 0) units.push(['hour', parts.hours]);
  units.push(['minute', parts.minutes]);
  return units;
}

/**
 * A waiting webinar whose opening moment has passed on this clock: the server will now say
 * 'В процессе', so the list is due to be reloaded.
 */
export function isDue(webinar: Pick<Scheduled, 'Status' | 'Startdate'>, now: number): boolean {
  return webinarStatusKey(webinar.Status) === 'waiting' && opensAt(webinar.Startdate) <= now;
}

export interface LearnerGroups<W> {
  /** 'В процессе', earliest start first */
  current: W[];
  /** 'Ожидается', the soonest first */
  upcoming: W[];
  /** 'Завершен', the latest first */
  past: W[];
}

const startOf = (webinar: { Startdate: string }) => {
  const time = Date.parse(webinar.Startdate);
  return Number.isNaN(time) ? 0 : time;
};

/** The learner's three groups (learner-and-instructor.md §2 /user/webinars), each in its own order. */
export function groupLearnerWebinars<W extends Scheduled>(webinars: readonly W[]): LearnerGroups<W> {
  const groups: LearnerGroups<W> = { current: [], upcoming: [], past: [] };
  for (const webinar of webinars) {
    const key = webinarStatusKey(webinar.Status);
    if (key === 'live') groups.current.push(webinar);
    else if (key === 'waiting') groups.upcoming.push(webinar);
    else if (key === 'finished') groups.past.push(webinar);
  }
  const ascending = (a: W, b: W) => startOf(a) - startOf(b) || a.ID - b.ID;
  groups.current.sort(ascending);
  groups.upcoming.sort(ascending);
  groups.past.sort((a, b) => ascending(b, a));
  return groups;
}

/** The main page's few webinars: what is on now, then what comes next, then the latest past ones. */
export function firstWebinars<W extends Scheduled>(webinars: readonly W[], count: number): W[] {
  const groups = groupLearnerWebinars(webinars);
  return [...groups.current, ...groups.upcoming, ...groups.past].slice(0, count);
}

/** One message of a question thread: the question itself or an answer. */
export interface ThreadMessage {
  key: string;
  /** the answer's ID; null for the question */
  answerId: number | null;
  text: string;
  createdAt: string;
  author: { ID: number; Fullname: string; RoleID: number };
  documents: ProblemAnswer['Documents'];
}

/** The conversation in order: the question, then the answers, oldest first. */
export function threadMessages(problem: Problem): ThreadMessage[] {
  const question: ThreadMessage = {
    key: `q${problem.ID}`,
    answerId: null,
    text: problem.QuestionText,
    createdAt: problem.CreatedAt,
    author: { ID: problem.User.ID, Fullname: problem.User.Fullname, RoleID: problem.User.RoleID },
    documents: [],
  };
  const answers = [...problem.Answer]
    .sort((a, b) => Date.parse(a.CreatedAt) - Date.parse(b.CreatedAt) || a.ID - b.ID)
    .map<ThreadMessage>((answer) => ({
      key: `a${answer.ID}`,
      answerId: answer.ID,
      text: answer.AnswerText,
      createdAt: answer.CreatedAt,
      author: answer.User,
      documents: answer.Documents,
    }));
  return [question, ...answers];
}

const TRAINEE_ROLE = 3;

/**
 * Which side a message is drawn on (§4 question thread): for the trainee, messages by a trainee
 * (RoleID 3) are their own and the rest the instructor's; for the teacher it is the other way round.
 */
export function isOwnMessage(authorRole: number, viewer: 'learner' | 'staff'): boolean {
  return viewer === 'learner' ? authorRole === TRAINEE_ROLE : authorRole !== TRAINEE_ROLE;
}

/** The moment of a thread's latest message. */
export function lastActivity(problem: Pick<Problem, 'CreatedAt' | 'Answer'>): number {
  let latest = Date.parse(problem.CreatedAt) || 0;
  for (const answer of problem.Answer) latest = Math.max(latest, Date.parse(answer.CreatedAt) || 0);
  return latest;
}

/** The inbox's order: the thread with the newest message first. */
export function sortThreads<P extends Pick<Problem, 'ID' | 'CreatedAt' | 'Answer'>>(problems: readonly P[]): P[] {
  return [...problems].sort((a, b) => lastActivity(b) - lastActivity(a) || b.ID - a.ID);
}

/** The text of a thread's latest message, for the inbox's preview line. */
export function lastText(problem: Pick<Problem, 'QuestionText' | 'Answer'>): string {
  const answers = [...problem.Answer].sort((a, b) => Date.parse(a.CreatedAt) - Date.parse(b.CreatedAt) || a.ID - b.ID);
  return answers.at(-1)?.AnswerText ?? problem.QuestionText;
}
