import { EXAM_BEGIN_GRACE_MINUTES, EXAM_FIELDS, type ExamField, type ExamRequest, type Language } from '@oqu/contracts';
import { conflict, forbidden, unprocessable } from '../../errors.js';
import { EXAM_FIELD_LABELS } from '../../i18n/exams.messages.js';
import { translate } from '../../i18n/messages.js';
import type { ExamChangeRefusal, ExamLock } from './exams.policy.js';
import type { ExamFormRecord, ExamPeopleValues } from './exams.repository.js';

/**
 * The exam form's save as plain rules (the service applies them): the people a sent form names,
 * what it changes of the stored exam, when an exam may begin, how a refused change reads.
 */

/**
 * The people a sent form names: its examiners, each once in the card's order, and their chair — as
 * sent, else the stored chair while they still examine, else the first — and its regions, each once.
 */
export function peopleOf(body: ExamRequest, storedChair: number | null): ExamPeopleValues {
  const ids = [...new Set(body.Examenators)];
  const kept = storedChair !== null && ids.includes(storedChair) ? storedChair : undefined;
  return { examiners: { ids, chair: body.ChairID ?? kept ?? (ids[0] as number) }, regions: [...new Set(body.Regions)] };
}

const sameList = (a: number[], b: number[]) => a.length === b.length && a.every((x, i) => x === b[i]);
const ascending = (ids: number[]) => [...ids].sort((a, b) => a - b);
/** The minute a moment falls in: the form shows and sends exam times to the minute. */
const minuteOf = (moment: Date | string) => Math.floor(new Date(moment).getTime() / 60_000);

/**
 * The fields whose sent value differs from the stored one: the form sends every field, so one sent
 * as stored is no change — a moment in any offset within the stored one's minute (the form's
 * precision: a save keeps the stored moment then), regions in any order; examiners in the card's order.
 */
export function changedFields(stored: ExamFormRecord, body: ExamRequest, people: ExamPeopleValues): ExamField[] {
  const differs: Record<ExamField, boolean> = {
    Name: body.Name !== stored.name,
    PlanID: body.PlanID !== stored.plan_id,
    TypeID: body.TypeID !== stored.type_id,
    PassMarks: body.PassMarks !== stored.pass_marks,
    BeginTime: minuteOf(body.BeginTime) !== minuteOf(stored.begin_time),
    Duration: body.Duration !== stored.duration_minutes,
    Examenators: !sameList(people.examiners.ids, stored.examiners),
    ChairID: people.examiners.chair !== stored.chair,
    Regions: !sameList(ascending(people.regions), ascending(stored.regions)),
  };
  return EXAM_FIELDS.filter((field) => differs[field]);
}

/** An exam begins now or later, with a minute's grace for the form's clock against the server's (422 otherwise). */
export function beginsOnTime(body: ExamRequest, now = Date.now()): void {
  if (new Date(body.BeginTime).getTime() < now - EXAM_BEGIN_GRACE_MINUTES * 60_000) throw unprocessable('exam_begin_past');
}

/**
 * The answer to a refused change: 403 the role, 409 the signed card, 422 the exam's start or a vote
 * (`lock` says which) — naming the field by the form's label in the caller's language.
 */
export function refusalError({ reason, field }: ExamChangeRefusal, lock: ExamLock | null, language: Language) {
  const label = EXAM_FIELD_LABELS[field][language];
  if (reason === 'role') return forbidden('exam_field_admin_only', { field: label });
  if (reason === 'signed') return conflict('exam_signed_locked');
  return unprocessable('exam_field_frozen', { field: label, reason: translate(lock ?? 'exam_lock_begun', language) });
}
