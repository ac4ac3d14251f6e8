import { EXAM_DEFAULT_DURATION, type Exam, type ExamField, type ExamRequest } from '@oqu/contracts';
import type { Dayjs } from 'dayjs';
import { retakeDateFromIso, retakeDateToIso } from '../retakes/format';

/** The exam form (admin-back-office.md §2 Exam, §5): its values and the request they make. */
export interface ExamValues {
  Name: string;
  PlanID?: number;
  TypeID?: number;
  Examenators: number[];
  /** the commission's chair: one of Examenators */
  ChairID?: number;
  Regions: number[];
  PassMarks: number;
  Date?: Dayjs;
  Time?: Dayjs;
  Duration: number;
}

/** The API's field names and the form fields their refusals go on (a refused BeginTime marks the date). */
export const EXAM_FIELD_NAMES = {
  Name: 'Name',
  PlanID: 'PlanID',
  Plan: 'PlanID',
  TypeID: 'TypeID',
  PassMarks: 'PassMarks',
  Passmarks: 'PassMarks',
  BeginTime: 'Date',
  Startdate: 'Date',
  Duration: 'Duration',
  Examenators: 'Examenators',
  ChairID: 'ChairID',
  Regions: 'Regions',
} as const;

/** The chair as sent: the one picked while they are still among the examiners, else the first examiner. */
export function chairOf(examiners: readonly number[], chair: number | undefined): number | undefined {
  return chair !== undefined && examiners.includes(chair) ? chair : examiners[0];
}

/**
 * What of an existing exam the form may change. A signed exam is kept as it is: read-only
 * entirely, with no Save. Otherwise the fields the server lists in `EditableFields` (a begun or
 * voted exam keeps little more than its name), the reason shown above the form.
 */
export interface ExamFormLock {
  readOnly: boolean;
  editable: (field: ExamField) => boolean;
  reason: string | null;
}

export function examFormLock(exam: Exam | undefined, signedReason: string): ExamFormLock {
  if (!exam) return { readOnly: false, editable: () => true, reason: null };
  const readOnly = exam.SignedBy.length > 0 || exam.EditableFields.length === 0;
  const editable = new Set(readOnly ? [] : exam.EditableFields);
  return {
    readOnly,
    editable: (field) => editable.has(field),
    reason: exam.LockReason ?? (exam.SignedBy.length > 0 ? signedReason : null),
  };
}

/**
 * A new exam starts with the first exam type chosen (the dictionaries' first item is preselected,
 * §7), no pass mark and 120 minutes; an edited one with its own values, its start on the
 * organisation's clock.
 */
export function examInitialValues(exam: Exam | undefined, types: readonly { ID: number }[]): ExamValues {
  if (exam) {
    const when = retakeDateFromIso(exam.BeginTime);
    return {
      Name: exam.Name,
      PlanID: exam.PlanID,
      TypeID: exam.TypeID,
      Examenators: exam.Examenators.map((person) => person.ID),
      ChairID: exam.ChairID ?? exam.Examenators[0]?.ID,
      Regions: exam.Regions.map((person) => person.ID),
      PassMarks: exam.PassMarks,
      Date: when?.date,
      Time: when?.time,
      Duration: exam.Duration,
    };
  }
  return { Name: '', TypeID: types[0]?.ID, Examenators: [], Regions: [], PassMarks: 0, Duration: EXAM_DEFAULT_DURATION };
}

/** The body of POST /api/exam/newexam and PUT /api/exam/updateexam/{id}; BeginTime with the organisation's offset. */
export function examRequestBody(values: ExamValues): ExamRequest | null {
  if (!values.PlanID || !values.TypeID || !values.Date || !values.Time) return null;
  return {
    Name: values.Name.trim(),
    PlanID: values.PlanID,
    TypeID: values.TypeID,
    PassMarks: Math.round(values.PassMarks ?? 0),
    BeginTime: retakeDateToIso(values.Date, values.Time),
    Duration: Math.round(values.Duration),
    Examenators: [...values.Examenators],
    ChairID: chairOf(values.Examenators, values.ChairID),
    Regions: [...(values.Regions ?? [])],
  };
}
