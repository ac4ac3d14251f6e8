import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import jpeg from 'jpeg-js';

const WIDTH = 640;
const HEIGHT = 480;
/** identical frames: Chromium loops the file, so a few make a steady picture */
const FRAMES = 5;

/**
 * Chromium's fake camera shows a YUV4MPEG2 file (`--use-file-for-fake-video-capture`). This turns
 * a JPEG photo into one, in plain JavaScript (no ffmpeg): the photo scaled to fit 640×480 and
 * centred on grey, as 4:2:0 planes (Y, then U and V at half size), BT.601 full range.
 */
export function photoToY4m(photo: Buffer): Buffer {
  const image = jpeg.decode(photo, { useTArray: true, formatAsRGBA: true });
  const scale = Math.min(WIDTH / image.width, HEIGHT / image.height);
  const shownWidth = Math.round(image.width * scale);
  const shownHeight = Math.round(image.height * scale);
  const left = Math.floor((WIDTH - shownWidth) / 2);
  const top = Math.floor((HEIGHT - shownHeight) / 2);

  // RGB of every output pixel, bilinear from the photo; grey outside it
  const rgb = new Float32Array(WIDTH * HEIGHT * 3).fill(128);
  const at = (x: number, y: number, channel: number) => image.data[(y * image.width + x) * 4 + channel] ?? 0;
  for (let y = 0; y < shownHeight; y++) {
    const sourceY = Math.min(image.height - 1, Math.max(0, (y + 0.5) / scale - 0.5));
    const y0 = Math.floor(sourceY);
    const y1 = Math.min(image.height - 1, y0 + 1);
    const fy = sourceY - y0;
    for (let x = 0; x < shownWidth; x++) {
      const sourceX = Math.min(image.width - 1, Math.max(0, (x + 0.5) / scale - 0.5));
      const x0 = Math.floor(sourceX);
      const x1 = Math.min(image.width - 1, x0 + 1);
      const fx = sourceX - x0;
      const out = ((top + y) * WIDTH + left + x) * 3;
      for (let c = 0; c < 3; c++) {
        const upper = at(x0, y0, c) * (1 - fx) + at(x1, y0, c) * fx;
        const lower = at(x0, y1, c) * (1 - fx) + at(x1, y1, c) * fx;
        rgb[out + c] = upper * (1 - fy) + lower * fy;
      }
    }
  }

  const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)));
  const luma = Buffer.alloc(WIDTH * HEIGHT);
  const blue = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2));
  const red = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2));
  for (let i = 0; i < WIDTH * HEIGHT; i++) {
    luma[i] = clamp(0.299 * (rgb[i * 3] ?? 0) + 0.587 * (rgb[i * 3 + 1] ?? 0) + 0.114 * (rgb[i * 3 + 2] ?? 0));
  }
  // each chroma sample is the mean of its 2×2 block
  for (let y = 0; y < HEIGHT / 2; y++) {
    for (let x = 0; x < WIDTH / 2; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        const i = ((y * 2 + dy) * WIDTH + x * 2 + dx) * 3;
        r += (rgb[i] ?? 0) / 4;
        g += (rgb[i + 1] ?? 0) / 4;
        b += (rgb[i + 2] ?? 0) / 4;
      }
      blue[y * (WIDTH / 2) + x] = clamp(-0.168736 * r - 0.331264 * g + 0.5 * b + 128);
      red[y * (WIDTH / 2) + x] = clamp(0.5 * r - 0.418688 * g - 0.081312 * b + 128);
    }
  }
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, blue, red]);
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`), ...Array(FRAMES).fill(frame)]);
}

/** Writes `photo` as a .y4m into `folder` and answers its path, for `--use-file-for-fake-video-capture`. */
export function fakeCameraFile(photo: string, folder: string): string {
  const file = path.join(folder, `${path.basename(photo, path.extname(photo))}.y4m`);
  writeFileSync(file, photoToY4m(readFileSync(photo)));
  return file;
}

/** Chromium's flags for a fake camera showing `y4m`, with its permission granted. */
export const fakeCameraArgs = (y4m: string) => [
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  `--use-file-for-fake-video-capture=${y4m}`,
];
