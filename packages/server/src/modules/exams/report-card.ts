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
  exam: {
    id: number;
    name: string;
    plan: string;
    /** the exam type's Russian name (the card is an official document in Russian) */
    type: string;
    beginTime: Date;
    durationMinutes: number;
    endedAt: Date | null;
    status: ExamStatus;
    passMarks: number;
    testCount: number;
  };
  /** in the exam's order; each trainee's `votes` follows it */
  examiners: { id: number; fullname: string }[];
  chair: { id: number; fullname: string } | null;
  organisation: { name: string; details: string };
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
      verdict: ExamVerdict;
    }[];
  }[];
  /** signatures already given, oldest first: the footer "Подписано ЭЦП: ФИО, ИИН, время" */
  signatures: { examinerId: number; signerName: string; iin: string; serial: string; signedAt: Date }[];
}
