import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getOrgTimeZone, setOrgTimeZone } from '../../../lib/dates';
import { checkAnswerFile, checkPreviewFile, webinarInitialValues, webinarRequestBody } from './form';

const plans = [
  { ID: 7, Topics: [{ ID: 70 }, { ID: 71 }] },
  { ID: 8, Topics: [] },
];
const teachers = [{ ID: 40 }, { ID: 41 }];

describe('the schedule form', () => {
  let zone: string;
  beforeEach(() => {
    zone = getOrgTimeZone();
    setOrgTimeZone('Asia/Almaty');
  });
  afterEach(() => setOrgTimeZone(zone));

  it('preselects the first plan, its first topic, the first teacher and 60 minutes on create', () => {
    expect(webinarInitialValues(undefined, { plans, teachers })).toEqual({
      Name: '',
      Description: '',
      PlanID: 7,
      TopicID: 70,
      Duration: 60,
      TeacherID: 40,
    });
  });

  it('preselects a teacher who schedules for themselves, when they are listed', () => {
    expect(webinarInitialValues(undefined, { plans, teachers, self: 41 }).TeacherID).toBe(41);
    expect(webinarInitialValues(undefined, { plans, teachers, self: 99 }).TeacherID).toBe(40);
    expect(webinarInitialValues(undefined, { plans: [], teachers: [] })).toMatchObject({
      PlanID: undefined,
      TopicID: undefined,
      TeacherID: undefined,
    });
  });

  it('sends the picked date and time as the organisation’s wall clock with its offset', () => {
    const body = webinarRequestBody({
      Name: '  Насосы  ',
      Description: ' ',
      PlanID: 7,
      TopicID: 70,
      TeacherID: 40,
      Date: dayjs('2026-03-02'),
      Time: dayjs('2026-03-02T10:35'),
      Duration: 90,
    });
    expect(body).toEqual({
      Name: 'Насосы',
      Description: '',
      BeginTime: '2026-03-02T10:35:00+05:00',
      Duration: 90,
      PlanID: 7,
      TopicID: 70,
      TeacherID: 40,
    });
  });

  it('shows a stored start on the organisation’s clock when editing, whatever its offset', () => {
    const values = webinarInitialValues(
      {
        ID: 1,
        Webinarname: 'W',
        Description: 'D',
        Startdate: '2026-03-02T05:35:00Z',
        BeginTime: '2026-03-02T05:35:00Z',
        Duration: 45,
        Status: 'Ожидается',
        MessageStatus: false,
        PlanID: 7,
        Planname: 'P',
        TopicID: 71,
        Topicname: 'T',
        TeacherID: 41,
        Teacher: { ID: 41, Fullname: 'F' },
        Preview: null,
        MainTest: null,
        ActiveTest: null,
        Testcount: 0,
        Docs: [],
        Online: 0,
        TotalStudents: 0,
        StartedAt: null,
        EndedAt: null,
        HasRecording: false,
      },
      { plans, teachers },
    );
    expect(values.Date?.format('YYYY-MM-DD')).toBe('2026-03-02');
    expect(values.Time?.format('HH:mm')).toBe('10:35');
    expect(values).toMatchObject({ PlanID: 7, TopicID: 71, TeacherID: 41, Duration: 45 });
  });

  it('sends nothing while a choice is missing', () => {
    expect(webinarRequestBody({ Name: 'x', Description: '', Duration: 60, PlanID: 7, TopicID: 70, TeacherID: 40 })).toBeNull();
  });
});

describe('files', () => {
  const file = (name: string, type: string, size: number) => ({ name, type, size });

  it('takes an MP4, WebM or MOV preview up to 10 MB', () => {
    expect(checkPreviewFile(file('a.mp4', 'video/mp4', 10_000_000))).toBeNull();
    expect(checkPreviewFile(file('a.mov', 'video/quicktime', 1000))).toBeNull();
    expect(checkPreviewFile(file('a.webm', '', 1000))).toBeNull();
    expect(checkPreviewFile(file('a.mp4', 'video/mp4', 10_000_001))).toBe('size');
    expect(checkPreviewFile(file('a.avi', 'video/x-msvideo', 1000))).toBe('type');
    expect(checkPreviewFile(file('a.pdf', 'application/pdf', 1000))).toBe('type');
    expect(checkPreviewFile(file('a.mp4', 'video/mp4', 0))).toBe('empty');
  });

  it('takes an answer’s document by type or known ending, up to 10 MB', () => {
    expect(checkAnswerFile(file('a.pdf', 'application/pdf', 1000))).toBeNull();
    expect(checkAnswerFile(file('a.zip', 'application/x-zip-compressed', 1000))).toBeNull();
    expect(checkAnswerFile(file('a.exe', 'application/x-msdownload', 1000))).toBe('type');
    expect(checkAnswerFile(file('a.pdf', 'application/pdf', 10_000_001))).toBe('size');
    expect(checkAnswerFile(file('a.pdf', 'application/pdf', 0))).toBe('empty');
  });
});
