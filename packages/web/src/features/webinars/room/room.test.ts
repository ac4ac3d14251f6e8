import type { WebinarAttendee } from '@oqu/contracts';
import { describe, expect, it } from 'vitest';
import { attendeeState, groupAttendees, shownOnline } from './attendees';
import { checkDocument, DOCUMENT_ACCEPT } from './documents';
import { afterFinishPath, roomPaths } from './paths';
import { markPreviewSeen, previewSeen, shouldShowPreview } from './preview';

const person = (ID: number, Fullname: string, Connected: boolean, Online: boolean): WebinarAttendee => ({
  ID,
  IDNumber: String(ID),
  Fullname,
  Connected,
  Online,
  Minutes: 0,
  FaceVerified: false,
  WatchedMinutes: 0,
  RecordingMinutes: 0,
});

describe('attendees (admin-back-office.md §4)', () => {
  it('never connected is absent, connected but gone is disconnected, connected and here is online', () => {
    expect(attendeeState({ Connected: false, Online: false })).toBe('absent');
    expect(attendeeState({ Connected: true, Online: false })).toBe('disconnected');
    expect(attendeeState({ Connected: true, Online: true })).toBe('online');
  });

  it('groups and sorts by name', () => {
    const groups = groupAttendees([
      person(1, 'Яковлев', true, true),
      person(2, 'Абаев', true, true),
      person(3, 'Болатов', true, false),
      person(4, 'Ким', false, false),
    ]);
    expect(groups.online.map((p) => p.ID)).toEqual([2, 1]);
    expect(groups.disconnected.map((p) => p.ID)).toEqual([3]);
    expect(groups.absent.map((p) => p.ID)).toEqual([4]);
  });

  it('shows the online count without the teacher, never below zero', () => {
    expect(shownOnline(5)).toBe(4);
    expect(shownOnline(1)).toBe(0);
    expect(shownOnline(0)).toBe(0);
  });
});

describe('documents', () => {
  it('refuses empty files and files over 10 MB before sending', () => {
    expect(checkDocument({ size: 0 })).toBe('empty');
    expect(checkDocument({ size: 10_000_000 })).toBeNull();
    expect(checkDocument({ size: 10_000_001 })).toBe('size');
  });

  it('offers the server types in the file picker', () => {
    expect(DOCUMENT_ACCEPT).toContain('application/pdf');
    expect(DOCUMENT_ACCEPT).toContain('.docx');
  });
});

describe('paths', () => {
  it('lead where each layout has its screens', () => {
    expect(roomPaths.learnerList('full')).toBe('/user/webinars');
    expect(roomPaths.learnerList('compact')).toBe('/webinars');
    expect(roomPaths.learnerTests('full', 3)).toBe('/user/test-list/3');
    expect(roomPaths.ask('compact', 3)).toBe('/webinar-chatquestions/3');
    expect(roomPaths.teacherList('compact')).toBe('/webinars-instructor');
    expect(roomPaths.staffTests('full', 3)).toBe('/admin/webinar-exams/3');
  });

  it('send a trainee to the main test when the webinar ends, else to the list', () => {
    expect(afterFinishPath('full', 9)).toBe('/user/testing/9');
    expect(afterFinishPath('compact', 9)).toBe('/testing/9');
    expect(afterFinishPath('full', null)).toBe('/user/webinars');
  });
});

describe('preview', () => {
  const memory = () => {
    const values = new Map<string, string>();
    return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value) };
  };
  const webinar = { ID: 3, Status: 'В процессе', Preview: { Path: '/files/p.mp4' } };

  it('opens once per person and webinar', () => {
    const store = memory();
    expect(shouldShowPreview(webinar, 1, store)).toBe(true);
    markPreviewSeen(1, 3, store);
    expect(previewSeen(1, 3, store)).toBe(true);
    expect(shouldShowPreview(webinar, 1, store)).toBe(false);
    expect(shouldShowPreview(webinar, 2, store)).toBe(true);
  });

  it('does not open for a finished webinar or without a video', () => {
    expect(shouldShowPreview({ ...webinar, Status: 'Завершен' }, 1, memory())).toBe(false);
    expect(shouldShowPreview({ ...webinar, Preview: null }, 1, memory())).toBe(false);
  });

  it('survives a blocked storage', () => {
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    };
    expect(previewSeen(1, 3, broken)).toBe(false);
    expect(() => markPreviewSeen(1, 3, broken)).not.toThrow();
  });
});
