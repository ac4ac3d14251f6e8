// The teacher's browser, as the server sees it: a VP8/Opus WebM sent over the broadcast WebSocket in
// one chunk a second (MediaRecorder's 1-s timeslice), and the playlist as a player reads it.
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, renameSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { sleep } from '../viewers/figures.mjs';

const now = () => performance.timeOrigin + performance.now();

/**
 * FFMPEG_PATH when set (the server takes it too), else the system's ffmpeg when it runs, else the one
 * @ffmpeg-installer put into node_modules.
 */
function ffmpegBinary() {
  if (process.env.FFMPEG_PATH) return process.env.FFMPEG_PATH;
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
    return 'ffmpeg';
  } catch {
    return new URL('../../node_modules/@ffmpeg-installer/linux-x64/ffmpeg', import.meta.url).pathname;
  }
}
const FFMPEG = ffmpegBinary();

/**
 * `seconds` of ffmpeg's test picture and a tone as a browser records them (VP8 720p30 at 1 Mbit/s,
 * a key frame every 2 s, Opus), encoded once into the temporary folder and kept for later runs.
 * Encoded ahead rather than live: on 2 cores the VP8 encoder alone takes about one core, which a
 * teacher's own computer spends, not the server.
 */
export async function testRecording(seconds) {
  const file = path.join(os.tmpdir(), `oqu-bench-testsrc-${seconds}s.webm`);
  if (existsSync(file)) return file;
  // written under another name first: an interrupted encoding is not taken for a finished one
  const partial = `${file}.part`;
  const encoder = spawn(
    FFMPEG,
    [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
      ...['-t', String(seconds), '-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '1M', '-g', '60'],
      ...['-c:a', 'libopus', '-f', 'webm', partial],
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const [code] = await once(encoder, 'close');
  if (code !== 0) throw new Error(`ffmpeg could not encode the test recording (exit ${code})`);
  renameSync(partial, file);
  return file;
}

/**
 * Opens the broadcast WebSocket at `url` and waits for `ready`. The answer plays a recording through
 * it (`play`), ends the take (`finish`) and keeps the server's `live` answers, each with its arrival.
 */
export async function openBroadcast(url) {
  const socket = new WebSocket(url);
  const live = [];
  const problems = [];
  let ready;
  const readyNow = new Promise((resolve, reject) => {
    ready = resolve;
    socket.on('error', reject);
    socket.once('close', (code) => reject(new Error(`the broadcast socket closed before ready (${code})`)));
  });
  socket.on('message', (data, isBinary) => {
    if (isBinary) return;
    const message = JSON.parse(data.toString());
    if (message.type === 'ready') ready();
    else if (message.type === 'live') live.push({ ...message, at: now() });
    else problems.push(message);
  });
  await readyNow;

  return {
    live,
    /** `restart` and `error` answers: a broadcast that went well has none */
    problems,

    /**
     * Sends the recording at its own pace (`ffmpeg -re`, in a process of its own) as a browser does:
     * what came out during each second goes as one chunk at the second's end. Answers each chunk's
     * send time and the media time it covers; the last chunk, sent when the recording ends, covers all.
     */
    async play(file) {
      socket.send(JSON.stringify({ type: 'start', mimeType: 'video/webm;codecs=vp8,opus' }));
      const generator = spawn(
        FFMPEG,
        ['-hide_banner', '-loglevel', 'error', '-re', '-i', file, '-c', 'copy', '-flush_packets', '1', '-f', 'webm', 'pipe:1'],
        {
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      const chunks = [];
      let pending = [];
      let startedAt = 0;
      let timer;
      const send = (media) => {
        if (pending.length === 0) return;
        const sentAt = now();
        socket.send(Buffer.concat(pending));
        pending = [];
        chunks.push({ sentAt, media: media ?? (sentAt - startedAt) / 1000 });
      };
      // with -re, media time runs with the clock from the first byte out
      const tick = (k) => {
        timer = setTimeout(
          () => {
            send();
            tick(k + 1);
          },
          startedAt + k * 1000 - now(),
        );
      };
      generator.stdout.on('data', (chunk) => {
        if (!startedAt) {
          startedAt = now();
          tick(1);
        }
        pending.push(chunk);
      });
      const [code] = await once(generator, 'close');
      clearTimeout(timer);
      if (code !== 0) throw new Error(`the recording's ffmpeg failed (exit ${code})`);
      send(Number.POSITIVE_INFINITY);
      return chunks;
    },

    /**
     * Ends the take and leaves, as a browser does when the teacher stops: the server still packages
     * what was sent (left open, the socket would be closed as idle while a late packager catches up).
     */
    finish() {
      socket.send(JSON.stringify({ type: 'stop' }));
      socket.close(1000);
    },
  };
}

/**
 * Reads the playlist at `url` every 100 ms from before its first segment and notes, for each segment,
 * when it was first listed and its length. `stop()` answers the segments by sequence number, and
 * how long each read took.
 */
export function watchPlaylist(url) {
  const listed = new Map();
  const latencies = [];
  let errors = 0;
  let stopped = false;
  const running = (async () => {
    while (!stopped) {
      const started = now();
      try {
        const response = await fetch(url);
        const text = await response.text();
        const at = now();
        latencies.push(at - started);
        if (response.status !== 200) errors++;
        let duration = 0;
        for (const line of text.split('\n')) {
          if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice(8));
          else if (/^\d+\.ts/.test(line)) {
            const seq = Number.parseInt(line, 10);
            if (!listed.has(seq)) listed.set(seq, { at, duration });
          }
        }
      } catch {
        errors++;
      }
      await sleep(Math.max(0, started + 100 - now()));
    }
  })();
  return {
    /** the media listed so far, in seconds */
    seconds: () => [...listed.values()].reduce((sum, segment) => sum + segment.duration, 0),
    async stop() {
      stopped = true;
      await running;
      return { listed, latencies, errors };
    },
  };
}
