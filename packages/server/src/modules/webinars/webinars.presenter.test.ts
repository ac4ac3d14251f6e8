import { describe, expect, it } from 'vitest';
import { streamUrl, toAttendee } from './webinars.presenter.js';

describe('the stream page address', () => {
  it('is null when STREAM_PAGE_URL is not configured', () => {
    expect(streamUrl(undefined, 5, 'Петров Андрей', true)).toBeNull();
  });

  it('fills in the id, the URL-encoded full name and the teacher flag, wherever they stand', () => {
    const template = 'https://stream.example/{id}/?u={name}&t={teacher}&again={id}';
    expect(streamUrl(template, 12, 'Жумабаева Айгерим & Co', false)).toBe(
      `https://stream.example/12/?u=${encodeURIComponent('Жумабаева Айгерим & Co')}&t=0&again=12`,
    );
    expect(streamUrl(template, 12, 'A', true)).toContain('&t=1');
  });
});

describe('an attendee', () => {
  it('counts whole minutes attended and watched, and shows no personnel number as empty', () => {
    expect(
      toAttendee({
        id: 1,
        tabel: null,
        full_name: 'Иванов',
        connected: true,
        face_verified: true,
        online: false,
        seconds: 179.9,
        live_seconds: 119,
        recording_seconds: 3600,
      }),
    ).toEqual({
      ID: 1,
      IDNumber: '',
      Fullname: 'Иванов',
      Connected: true,
      Online: false,
      Minutes: 2,
      FaceVerified: true,
      WatchedMinutes: 1,
      RecordingMinutes: 60,
    });
  });
});
