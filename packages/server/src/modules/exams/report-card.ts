import type { ExamStatus, ExamVerdict, ExamVoteValue } from '@oqu/contracts';

/**
 * Everything the report card PDF shows, read in one consistent snapshot by the exams service and
 * rendered by the signatures module. Deterministic: the same state gives the same value (lists in a
 * fixed order), and the renderer turns the same value into the same bytes.
 */
export interface ReportCard {
  /** "ЭК-<exam id>-<year of BeginTime>" */
  documentNumber: string;
  /** ORG_TIMEZONE: every time on the card is written in it */
  timeZone: string;
  /** ORG_NAME and ORG_DETAILS (address, BIN; '' when not set) at the card's head */
  organisation: { name: string; details: string };
  exam: {
    id: number;
    name: string;
    plan: string;
    /** the exam type's Russian name (the card is an official document in Russian) */
    type: string;
    beginTime: Date;
    durationMinutes: number;
    endedAt: Date | null;
    /** completed exams: the moment the frozen record is as of (the completion, else BeginTime + Duration) */
    completedAt: Date | null;
    status: ExamStatus;
    passMarks: number;
    testCount: number;
  };
  /** in the exam's order; each trainee's `votes` follows it */
  examiners: { id: number; fullname: string }[];
  /** the commission's chair, one of `examiners` (null for an exam that has none marked) */
  chair: { id: number; fullname: string } | null;
  /** regions by name (the "Без региона" group when the exam has none), trainees by full name then id */
  regions: {
    region: { id: number; fullname: string };
    trainees: {
      id: number;
      fullname: string;
      department: string;
      duty: string;
      iin: string;
      tabel: string;
      passed: number;
      total: number;
      belowPassMark: boolean;
      votes: ExamVoteValue[];
      /** the fixed document's verdict once an examiner signed, else the rule applied to the votes now */
      verdict: ExamVerdict;
    }[];
  }[];
  /** who still has to vote on whom, examiners in order (empty: every vote is in, the card may be signed) */
  undecided: { examiner: { id: number; fullname: string }; trainees: { id: number; fullname: string }[] }[];
  /** signatures already given, oldest first: only the marked copy prints them, never the signed document */
  signatures: { examinerId: number; signerName: string; iin: string; serial: string; signedAt: Date }[];
}
