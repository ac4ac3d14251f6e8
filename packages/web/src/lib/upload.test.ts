import { userEndpoints, webinarEndpoints } from '@oqu/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { upload } from './upload';

/** An XMLHttpRequest that records what is sent and answers 200 with `answer`. */
function fakeRequests(answer: unknown) {
  const sent: { method: string; url: string; form: FormData }[] = [];
  class FakeRequest {
    upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
    status = 200;
    responseText = JSON.stringify(answer);
    onload?: () => void;
    private target = { method: '', url: '' };
    open(method: string, url: string) {
      this.target = { method, url };
    }
    setRequestHeader() {}
    send(form: FormData) {
      sent.push({ ...this.target, form });
      this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
      this.onload?.();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe('upload', () => {
  it('posts to the endpoint’s path with its form fields before the file, and reports progress', async () => {
    const answer = { status: true, message: 'ok', Preview: { ID: 1, Name: 'a.mp4', Path: '/files/x.mp4' } };
    const sent = fakeRequests(answer);
    const progress: number[] = [];
    const file = new File(['video'], 'a.mp4', { type: 'video/mp4' });

    const got = await upload(webinarEndpoints.uploadPreview, {
      form: { WebID: 7, Types: 'preview' },
      file,
      onProgress: (percent) => progress.push(percent),
    });

    expect(got).toEqual(answer);
    expect(sent.map(({ method, url }) => [method, url])).toEqual([['POST', '/uploadF']]);
    const parts = [...sent[0]!.form.entries()];
    expect(parts.map(([name]) => name)).toEqual(['WebID', 'Types', 'file']);
    expect(parts.slice(0, 2).map(([, value]) => value)).toEqual(['7', 'preview']);
    expect((parts[2]![1] as File).name).toBe('a.mp4');
    expect(progress).toEqual([50, 100]);
  });

  it('posts a person’s photo to the photo path', async () => {
    const sent = fakeRequests({ status: true, message: '', data: { ID: 2, Path: '/files/photos/x.jpg', Name: 'me.jpg' } });
    await upload(userEndpoints.uploadPhoto, { form: { UserID: 3 }, file: new File(['x'], 'me.jpg') });
    expect(sent[0]!.url).toBe('/uploadI');
    expect(sent[0]!.form.get('UserID')).toBe('3');
  });
});
