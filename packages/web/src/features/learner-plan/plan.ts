import type { PlanStatistic, PlanTopicRow, PlanTopics, UserInfo } from '@oqu/contracts';
import { formatDate, formatTime } from '../../lib/dates';

/**
 * Pure rules of the trainee's plan screens (learner-and-instructor.md §3, §4, §5, §9): topic types,
 * the three plan rows, and how hours, percentages, dates and pass conditions are written.
 */

/** Topic types of a plan: 9 production, 10 theoretical (§9), in the order the plan rows show them. */
export const TOPIC_TYPES = { production: 9, theoretical: 10 } as const;
export type TopicTypeKey = keyof typeof TOPIC_TYPES;
export const TOPIC_TYPE_IDS: readonly number[] = [TOPIC_TYPES.production, TOPIC_TYPES.theoretical];

/** The plan of the trainee: the screens use the first of `Plans` (§3 User info). */
export type LearnerPlan = UserInfo['Plans'][number];

export function primaryPlan(info: UserInfo | undefined): LearnerPlan | null {
  return info?.Plans[0] ?? null;
}

/** The key of a topic type (for its own texts and icons), or null for a type the product does not know. */
export function topicTypeKey(typeId: number): TopicTypeKey | null {
  if (typeId === TOPIC_TYPES.production) return 'production';
  if (typeId === TOPIC_TYPES.theoretical) return 'theoretical';
  return null;
}

/** The `{id}` of /type/{id} as a topic type, or null when it is not a positive whole number. */
export function parseTypeId(param: string | undefined): number | null {
  if (!param || !/^\d{1,9}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 ? id : null;
}

/** A type the plan screens can show: one the server gives statistics for, else one of 9 and 10. */
export function isKnownType(typeId: number, statistic: readonly PlanStatistic[]): boolean {
  return statistic.length > 0 ? statistic.some((row) => row.Typeid === typeId) : TOPIC_TYPE_IDS.includes(typeId);
}

/** Topics of one type, in the server's order (type, position, id). */
export function topicsOfType(topics: readonly PlanTopicRow[], typeId: number): PlanTopicRow[] {
  return topics.filter((topic) => topic.TypeID === typeId);
}

/** Topics grouped by type: every known type present (possibly empty), then any other type met. */
export function groupTopicsByType(
  topics: readonly PlanTopicRow[],
  typeIds: readonly number[] = TOPIC_TYPE_IDS,
): Map<number, PlanTopicRow[]> {
  const groups = new Map<number, PlanTopicRow[]>(typeIds.map((id) => [id, []]));
  for (const topic of topics) {
    const group = groups.get(topic.TypeID);
    if (group) group.push(topic);
    else groups.set(topic.TypeID, [topic]);
  }
  return groups;
}

const roundOne = (value: number) => Math.round(value * 10) / 10;

/**
 * Progress of one topic type. The server's statistic row is taken as it is; without one (an older
 * server, or a type it does not report) the numbers are worked out from the topics the same way:
 * hours of completed topics ÷ hours of all topics.
 */
export function statisticFor(statistic: readonly PlanStatistic[], topics: readonly PlanTopicRow[], typeId: number): PlanStatistic {
  const given = statistic.find((row) => row.Typeid === typeId);
  if (given) return given;
  const ofType = topicsOfType(topics, typeId);
  const total = ofType.reduce((sum, topic) => sum + topic.Studyhour, 0);
  const done = ofType.filter((topic) => topic.Completed).reduce((sum, topic) => sum + topic.Studyhour, 0);
  return {
    Typeid: typeId,
    Name: '',
    TotalHour: roundOne(total),
    Hour: roundOne(done),
    Percent: total > 0 ? roundOne((done / total) * 100) : 0,
  };
}

/**
 * The exam row (§4: "passed when PassMarks is set"): the trainee's latest exam of the plan. Passed
 * once accepted (the server sets PassMarks then), rejected once the signed verdict says so, waiting
 * while it is scheduled, under way or awaiting signatures; `none` when no exam includes the trainee.
 */
export type ExamOutcome = 'passed' | 'rejected' | 'waiting' | 'none';

export interface ExamState {
  outcome: ExamOutcome;
  /** the exam's name and status text, when there is one */
  name: string | null;
  status: string | null;
}

export function examState(exam: Partial<PlanTopics['exam']> | undefined): ExamState {
  const name = exam?.Name?.trim() || null;
  const status = exam?.Status ?? null;
  const marked = typeof exam?.PassMarks === 'number' && Number.isFinite(exam.PassMarks);
  if (marked || exam?.Verdict === 'accepted') return { outcome: 'passed', name, status };
  if (exam?.Verdict === 'rejected') return { outcome: 'rejected', name, status };
  return { outcome: typeof exam?.ExamID === 'number' ? 'waiting' : 'none', name, status };
}

/** One of the plan's three rows (§4: 1 production, 2 theoretical, 3 exam). */
export type PlanRow =
  | { key: TopicTypeKey; number: 1 | 2; typeId: number; statistic: PlanStatistic; topics: PlanTopicRow[] }
  | { key: 'exam'; number: 3; exam: ExamState };

export function planRows(plan: Pick<PlanTopics, 'data' | 'statistic' | 'exam'>): PlanRow[] {
  const row = (key: TopicTypeKey, number: 1 | 2): PlanRow => {
    const typeId = TOPIC_TYPES[key];
    return { key, number, typeId, statistic: statisticFor(plan.statistic, plan.data, typeId), topics: topicsOfType(plan.data, typeId) };
  };
  return [row('production', 1), row('theoretical', 2), { key: 'exam', number: 3, exam: examState(plan.exam) }];
}

/** A percentage for a progress bar: a finite number within 0–100. */
export function clampPercent(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, value));
}

/** A percentage rounded to one decimal in the language's way: `33,3 %` (ru), `33.3%` (en). */
export function formatPercent(value: number, locale: string): string {
  const safe = Number.isFinite(value) ? roundOne(value) : 0;
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(safe / 100);
}

/** Hours with at most one decimal: `2,5` (ru), `2.5` (en). */
export function formatHours(value: number, locale: string): string {
  const safe = Number.isFinite(value) && value > 0 ? roundOne(value) : 0;
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(safe);
}

/** The date and time of a topic (`DD.MM.YYYY`, `HH:mm`), or null when it has none. */
export function topicSchedule(date: string | null | undefined): { date: string; time: string } | null {
  const day = formatDate(date);
  return day ? { date: day, time: formatTime(date) } : null;
}

/** The topic's own number as the plan writes it (IDNumber), else its serial number. */
export function topicNumber(topic: Pick<PlanTopicRow, 'IDNumber' | 'Number'>): string {
  const written = topic.IDNumber.trim();
  // position 0 is "not numbered", not topic number 0
  return written || (topic.Number > 0 ? String(topic.Number) : '');
}

/** The topic's title: Topic, else Name (the spec's two spellings). */
export function topicTitle(topic: Pick<PlanTopicRow, 'Topic' | 'Name'>): string {
  return topic.Topic.trim() || topic.Name.trim();
}

/** Plan texts of a topic in the order the screens list them; empty texts are left out. */
export const TOPIC_DETAIL_FIELDS = ['Thematic', 'Description', 'TextOne', 'TextTwo', 'TextThree', 'TextFour'] as const;
export type TopicDetailField = (typeof TOPIC_DETAIL_FIELDS)[number];

export function topicDetails(topic: Pick<PlanTopicRow, TopicDetailField>): { field: TopicDetailField; text: string }[] {
  return TOPIC_DETAIL_FIELDS.map((field) => ({ field, text: topic[field].trim() })).filter((entry) => entry.text !== '');
}

/** Topics of a group that are completed, for "3 of 5" counters. */
export function completedCount(topics: readonly PlanTopicRow[]): number {
  return topics.filter((topic) => topic.Completed).length;
}
