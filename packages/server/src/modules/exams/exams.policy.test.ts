import { EXAM_FIELDS, EXAM_STATUS, type ExamField, Role } from '@oqu/contracts';
import { describe, expect, it } from 'vitest';
import { ADMIN, caller, EXAMINER, REGION, TRAINEE } from '../../test/callers.js';
import { expectAdmits, expectEveryRole } from '../../test/roles.js';
import {
  type ExamEditState,
  examChangeRefusal,
  examEditing,
  examines,
  examScopeOf,
  examsAccess,
  hearsResultsOf,
  isExamRegion,
  readsCatalogue,
  readsWholeExam,
  sitsInExamRoom,
  wantsOwnExams,
} from './exams.policy.js';

const exam = { examiner_ids: [EXAMINER.id], region_ids: [REGION.id] };
const OTHER_EXAMINER = caller(Role.Examiner, 20);
const OTHER_REGION = caller(Role.Region, 50);

/** An exam the caller examines and, as a region account, takes part in; and one of other people. */
const own = (user: { id: number }) => ({ examiner_ids: [user.id], region_ids: [user.id] });
const othersExam = { examiner_ids: [OTHER_EXAMINER.id], region_ids: [OTHER_REGION.id] };

describe('exams policy', () => {
  it('lets administrators, teachers and examiners read the catalogue', () => {
    expectEveryRole(readsCatalogue, { admin: true, examiner: true, trainee: false, teacher: true, region: false });
  });

  it('scopes what each caller sees: staff everything, a trainee their own exams, a region its region’s', () => {
    expectEveryRole(examScopeOf, { admin: {}, examiner: {}, trainee: { trainee: TRAINEE.id }, teacher: {}, region: { region: REGION.id } });
    expect(examScopeOf(caller(9 as never))).toBeNull();
  });

  it('knows the exam’s own examiners and regions only', () => {
    expectEveryRole((user) => examines(user, own(user)), { admin: false, examiner: true, trainee: false, teacher: false, region: false });
    expectEveryRole((user) => examines(user, othersExam), { admin: false, examiner: false, trainee: false, teacher: false, region: false });
    expectEveryRole((user) => isExamRegion(user, own(user)), {
      admin: false,
      examiner: false,
      trainee: false,
      teacher: false,
      region: true,
    });
    expectEveryRole((user) => isExamRegion(user, othersExam), {
      admin: false,
      examiner: false,
      trainee: false,
      teacher: false,
      region: false,
    });
    // an id that happens to be an examiner's is no region (roles are checked too)
    expect(isExamRegion(caller(Role.Region, EXAMINER.id), exam)).toBe(false);
  });

  it('shows every region to administrators and the exam’s examiners, the room also to its regions', () => {
    expectEveryRole((user) => readsWholeExam(user, own(user)), {
      admin: true,
      examiner: true,
      trainee: false,
      teacher: false,
      region: false,
    });
    expectEveryRole((user) => readsWholeExam(user, othersExam), {
      admin: true,
      examiner: false,
      trainee: false,
      teacher: false,
      region: false,
    });
    expectEveryRole((user) => sitsInExamRoom(user, own(user)), {
      admin: true,
      examiner: true,
      trainee: false,
      teacher: false,
      region: true,
    });
    expectEveryRole((user) => sitsInExamRoom(user, othersExam), {
      admin: true,
      examiner: false,
      trainee: false,
      teacher: false,
      region: false,
    });
  });

  it('gives an examiner their own exams without a page, the catalogue with one', () => {
    expectEveryRole((user) => wantsOwnExams(user, undefined), {
      admin: false,
      examiner: true,
      trainee: false,
      teacher: false,
      region: false,
    });
    expectEveryRole((user) => wantsOwnExams(user, 1), { admin: false, examiner: false, trainee: false, teacher: false, region: false });
  });

  it('admits each group of routes the roles the spec gives it', () => {
    expectAdmits(examsAccess.list, { signedOut: false, admin: true, examiner: true, trainee: true, teacher: true, region: true });
    // the exam screen: admin, teacher, examiner
    expectAdmits(examsAccess.manage, { signedOut: false, admin: true, examiner: true, trainee: false, teacher: true, region: false });
    expectAdmits(examsAccess.remove, { signedOut: false, admin: true, examiner: false, trainee: false, teacher: false, region: false });
    // accepting or rejecting results: examiners
    expectAdmits(examsAccess.examiners, { signedOut: false, admin: false, examiner: true, trainee: false, teacher: false, region: false });
    expectAdmits(examsAccess.room, { signedOut: false, admin: true, examiner: true, trainee: false, teacher: false, region: true });
  });
});

describe('who may change which field of an exam', () => {
  const AUTHOR_TEACHER = caller(Role.Teacher, 60);
  const AUTHOR_EXAMINER = caller(Role.Examiner, 61);
  const OTHER_TEACHER = caller(Role.Teacher, 62);
  const callers = {
    admin: ADMIN,
    'teacher who created it': AUTHOR_TEACHER,
    'examiner who created it': AUTHOR_EXAMINER,
    'another teacher': OTHER_TEACHER,
    'another examiner': OTHER_EXAMINER,
    trainee: TRAINEE,
    region: REGION,
  };
  const exam = (state: Omit<ExamEditState, 'created_by'>, createdBy: number): ExamEditState => ({ ...state, created_by: createdBy });
  const states = {
    waiting: { status: EXAM_STATUS.Waiting, voted: false, signed: false },
    begun: { status: EXAM_STATUS.Live, voted: false, signed: false },
    over: { status: EXAM_STATUS.Finished, voted: false, signed: false },
    voted: { status: EXAM_STATUS.Live, voted: true, signed: false },
    signed: { status: EXAM_STATUS.Finished, voted: true, signed: true },
  };
  type Outcome = 'ok' | 403 | 409 | 422;
  /**
   * The rules: administrators change everything until the exam begins or has a vote, then the name
   * only; a teacher or examiner only the name of an exam they created; nothing once signed. Each cell:
   * [changing the name, changing any other field]; 403 the role, 409 the signature, 422 the state.
   */
  const expected: Record<keyof typeof callers, Record<keyof typeof states, [Outcome, Outcome]>> = {
    admin: { waiting: ['ok', 'ok'], begun: ['ok', 422], over: ['ok', 422], voted: ['ok', 422], signed: [409, 409] },
    'teacher who created it': { waiting: ['ok', 403], begun: ['ok', 403], over: ['ok', 403], voted: ['ok', 403], signed: [409, 403] },
    'examiner who created it': { waiting: ['ok', 403], begun: ['ok', 403], over: ['ok', 403], voted: ['ok', 403], signed: [409, 403] },
    'another teacher': { waiting: [403, 403], begun: [403, 403], over: [403, 403], voted: [403, 403], signed: [403, 403] },
    'another examiner': { waiting: [403, 403], begun: [403, 403], over: [403, 403], voted: [403, 403], signed: [403, 403] },
    trainee: { waiting: [403, 403], begun: [403, 403], over: [403, 403], voted: [403, 403], signed: [403, 403] },
    region: { waiting: [403, 403], begun: [403, 403], over: [403, 403], voted: [403, 403], signed: [403, 403] },
  };
  /** Why the rest is read-only, per caller and state (null: nothing is). */
  const locks: Record<keyof typeof callers, Record<keyof typeof states, string | null>> = {
    admin: { waiting: null, begun: 'begun', over: 'begun', voted: 'voted', signed: 'signed' },
    'teacher who created it': { waiting: 'admin_only', begun: 'begun', over: 'begun', voted: 'voted', signed: 'signed' },
    'examiner who created it': { waiting: 'admin_only', begun: 'begun', over: 'begun', voted: 'voted', signed: 'signed' },
    'another teacher': { waiting: 'read_only', begun: 'read_only', over: 'read_only', voted: 'read_only', signed: 'signed' },
    'another examiner': { waiting: 'read_only', begun: 'read_only', over: 'read_only', voted: 'read_only', signed: 'signed' },
    trainee: { waiting: 'read_only', begun: 'read_only', over: 'read_only', voted: 'read_only', signed: 'signed' },
    region: { waiting: 'read_only', begun: 'read_only', over: 'read_only', voted: 'read_only', signed: 'signed' },
  };
  const STATUS = { role: 403, signed: 409, frozen: 422 } as const;
  const creator = (name: keyof typeof callers) => (name.endsWith('who created it') ? callers[name].id : ADMIN.id);

  for (const [name, user] of Object.entries(callers) as [keyof typeof callers, (typeof callers)[keyof typeof callers]][]) {
    for (const [stateName, state] of Object.entries(states) as [keyof typeof states, (typeof states)[keyof typeof states]][]) {
      it(`${name}, exam ${stateName}: each field by the rules`, () => {
        const stored = exam(state, creator(name));
        const editing = examEditing(user, stored);
        for (const field of EXAM_FIELDS) {
          const outcome = expected[name][stateName][field === 'Name' ? 0 : 1];
          const refusal = examChangeRefusal(user, stored, [field]);
          expect(refusal ? STATUS[refusal.reason] : 'ok', field).toBe(outcome);
          expect(editing.fields.includes(field), field).toBe(outcome === 'ok');
        }
        expect(editing.lock).toBe(locks[name][stateName] && `exam_lock_${locks[name][stateName]}`);
      });
    }
  }

  it('accepts a save that changes nothing in any state, and names the first refused field', () => {
    for (const state of Object.values(states)) expect(examChangeRefusal(OTHER_EXAMINER, exam(state, ADMIN.id), [])).toBeNull();
    const changed: ExamField[] = ['Name', 'PassMarks', 'Examenators'];
    expect(examChangeRefusal(AUTHOR_TEACHER, exam(states.waiting, AUTHOR_TEACHER.id), changed)).toEqual({
      reason: 'role',
      field: 'PassMarks',
    });
    expect(examChangeRefusal(ADMIN, exam(states.voted, ADMIN.id), changed)).toEqual({ reason: 'frozen', field: 'PassMarks' });
  });

  it('lets a region account hear its own trainees’ results only, staff everyone’s', () => {
    expect(hearsResultsOf(REGION, REGION.id)).toBe(true);
    expect(hearsResultsOf(REGION, OTHER_REGION.id)).toBe(false);
    expect(hearsResultsOf(REGION, null)).toBe(false);
    expect([ADMIN, EXAMINER].map((u) => hearsResultsOf(u, OTHER_REGION.id))).toEqual([true, true]);
  });
});
