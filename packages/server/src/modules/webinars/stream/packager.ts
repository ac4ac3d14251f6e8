import { type ChildProcessByStdio, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { STREAM_SEGMENT_SECONDS } from '@oqu/contracts';

/**
 * FFMPEG_PATH when set; else the system's `ffmpeg` when it runs; else the binary that
 * @ffmpeg-installer/linux-x64 installed with `npm install` (nothing is downloaded at run time).
 * Null when none is there: broadcasting then refuses with a message saying what to install.
 */
export function findFfmpeg(configured?: string): string | null {
  const runs = (binary: string) => {
    try {
      execFileSync(binary, ['-version'], { stdio: 'ignore', timeout: 10_000 });
      return true;
    } catch {
      return false;
    }
  };
  if (configured) return runs(configured) ? configured : null;
  if (runs('ffmpeg')) return 'ffmpeg';
  try {
    const bundled = path.join(path.dirname(createRequire(import.meta.url).resolve('@ffmpeg-installer/linux-x64/package.json')), 'ffmpeg');
    return runs(bundled) ? bundled : null;
  } catch {
    return null;
  }
}

/** A finished segment: its bytes, where it starts in the take and how long it lasts. */
export interface PackagedSegment {
  bytes: Buffer;
  startMs: number;
  durationMs: number;
}

/** How long an ended take's ffmpeg may take to package what it was sent (it may be far behind on a busy machine). */
const TAKE_END_GRACE_MS = 60_000;

/** H.264 from the browser is copied as it is; VP8 and VP9 are encoded to H.264 for every player. */
export const isH264 = (mimeType: string) => /h264|avc1/i.test(mimeType);

/** ffmpeg's arguments for one take: the recorder's container on stdin, 2-s MPEG-TS segments listed on stdout. */
export function ffmpegArguments(mimeType: string, dir: string): string[] {
  const video = isH264(mimeType)
    ? ['-c:v', 'copy']
    : [
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-tune',
        'zerolatency',
        '-pix_fmt',
        'yuv420p',
        '-b:v',
        '1200k',
        '-maxrate',
        '1500k',
        '-bufsize',
        '3000k',
        // a key frame every segment's length, so each segment starts with one and lasts that long
        '-force_key_frames',
        `expr:gte(t,n_forced*${STREAM_SEGMENT_SECONDS})`,
      ];
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-i',
    'pipe:0',
    '-map',
    '0:v:0?',
    '-map',
    '0:a:0?',
    ...video,
    '-c:a',
    'aac',
    '-b:a',
    '96k',
    '-ac',
    '2',
    '-ar',
    '48000',
    '-f',
    'segment',
    '-segment_time',
    String(STREAM_SEGMENT_SECONDS),
    '-segment_format',
    'mpegts',
    '-segment_list',
    'pipe:1',
    '-segment_list_type',
    'csv',
    path.join(dir, 'seg%d.ts'),
  ];
}

export interface TakeEvents {
  /** a segment is complete, in order; the next waits until this one's promise settles */
  segment(segment: PackagedSegment): Promise<void>;
  /** ffmpeg ended without being told to (a crash, unreadable input): its exit code and last error lines */
  failed(code: number | null, errors: string): void;
}

/**
 * One take of a broadcast: one ffmpeg process fed the recorder's chunks on stdin, writing 2-s segments
 * into a private temporary folder and naming each on stdout when it is complete; each is read,
 * handed on, and deleted. `end()` closes stdin, so ffmpeg writes its last segment and exits.
 */
export class Take {
  private readonly process: ChildProcessByStdio<Writable, Readable, Readable>;
  private stopping = false;
  private errors = '';
  private segments: Promise<void> = Promise.resolve();
  private readonly exited: Promise<void>;

  private constructor(
    ffmpeg: string,
    mimeType: string,
    private readonly dir: string,
    private readonly events: TakeEvents,
  ) {
    this.process = spawn(ffmpeg, ffmpegArguments(mimeType, dir), { stdio: ['pipe', 'pipe', 'pipe'] });
    // a chunk written after ffmpeg died: the exit tells what happened
    this.process.stdin.on('error', () => {});
    this.process.stderr.setEncoding('utf8').on('data', (text: string) => {
      this.errors = (this.errors + text).slice(-2000);
    });
    createInterface({ input: this.process.stdout }).on('line', (line) => {
      // a segment that could not be read is lost, not the ones after it
      this.segments = this.segments
        .then(() => this.publish(line))
        .catch((error: unknown) => {
          this.errors = `${this.errors}\n${String(error)}`.slice(-2000);
        });
    });
    this.exited = new Promise((resolve) => {
      this.process.once('close', (code) => {
        // every listed segment is handed on before the take counts as over
        void this.segments.then(async () => {
          await fs.rm(this.dir, { recursive: true, force: true });
          if (!this.stopping || (code !== 0 && code !== null)) this.events.failed(code, this.errors.trim());
          resolve();
        });
      });
      this.process.once('error', (error) => {
        this.errors = String(error);
      });
    });
  }

  static async begin(ffmpeg: string, mimeType: string, events: TakeEvents): Promise<Take> {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'oqu-take-'));
    return new Take(ffmpeg, mimeType, dir, events);
  }

  /** The process id, for the logs (and the test that makes it crash). */
  get pid() {
    return this.process.pid;
  }

  /** Bytes written but not yet taken by ffmpeg: a take far behind is dropped by its broadcast. */
  get backlog() {
    return this.process.stdin.writableLength;
  }

  write(chunk: Buffer) {
    if (!this.stopping && this.process.stdin.writable) this.process.stdin.write(chunk);
  }

  /**
   * Ends the take: ffmpeg packages what it was given, writes its last segment and exits; resolves once
   * every segment is handed on. On a machine too busy for it ffmpeg may be far behind the chunks, so
   * it gets `graceMs`; one still running then is killed, and the loss reported.
   */
  async end(graceMs = TAKE_END_GRACE_MS): Promise<void> {
    this.stopping = true;
    this.process.stdin.end();
    const timer = setTimeout(() => {
      this.process.kill('SIGKILL');
      this.events.failed(null, `still packaging ${Math.round(graceMs / 1000)} s after the take ended: the rest is lost`);
    }, graceMs);
    await this.exited;
    clearTimeout(timer);
  }

  /** Stops at once, dropping what ffmpeg has not finished. */
  async kill(): Promise<void> {
    this.stopping = true;
    this.process.kill('SIGKILL');
    await this.exited;
  }

  /** `seg3.ts,6.014333,8.014333`: reads the file, hands it on, deletes it. */
  private async publish(line: string) {
    const [name, start, end] = line.split(',');
    if (!name || !/^seg\d+\.ts$/.test(name)) return;
    const file = path.join(this.dir, name);
    const startMs = Math.round(Number(start) * 1000);
    const durationMs = Math.round(Number(end) * 1000) - startMs;
    try {
      const bytes = await fs.readFile(file);
      if (durationMs > 0 && bytes.length > 0) await this.events.segment({ bytes, startMs, durationMs });
    } finally {
      await fs.rm(file, { force: true });
    }
  }
}
