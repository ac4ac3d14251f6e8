import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import decodeMozJpeg, { init as initMozJpeg } from '@jsquash/jpeg/decode.js';
import { PNG } from 'pngjs';
import { UnreadableImageError } from './face-engine.js';

/** Larger images are refused: decoding one would take seconds and hundreds of megabytes. */
export const MAX_IMAGE_MEGAPIXELS = 25;

/** Decoded RGB pixels, row by row, 3 bytes a pixel, upright (a JPEG's EXIF orientation applied). */
export interface DecodedImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/** Decodes a JPEG or PNG by its content; anything else, broken or too large → UnreadableImageError. */
export async function decodeImage(bytes: Uint8Array): Promise<DecodedImage> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.length > 3 && buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff) return decodeJpeg(buffer);
  if (buffer.length > 24 && buffer.readUInt32BE(0) === 0x89504e47) return decodePng(buffer);
  throw new UnreadableImageError('not a JPEG or PNG');
}

let mozJpeg: Promise<void> | undefined;

/**
 * JPEGs are decoded by mozjpeg compiled to WebAssembly (@jsquash/jpeg): four times faster than
 * JavaScript's jpeg-js, a sixth of a camera check's time. Its glue returns the browser's ImageData,
 * which this thread defines when Node does not; its warnings about damaged files are not logged
 * (the damage is answered as unreadable).
 */
function loadMozJpeg() {
  mozJpeg ??= (async () => {
    globalThis.ImageData ??= class {
      constructor(
        readonly data: Uint8ClampedArray,
        readonly width: number,
        readonly height: number,
      ) {}
    } as unknown as typeof ImageData;
    const wasm = createRequire(import.meta.url).resolve('@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm');
    // the typings name only the options argument; the code takes the compiled module first
    await (initMozJpeg as unknown as (module: WebAssembly.Module, options: object) => Promise<void>)(
      await WebAssembly.compile(readFileSync(wasm)),
      { print: () => {}, printErr: () => {} },
    );
  })();
  return mozJpeg;
}

async function decodeJpeg(buffer: Buffer): Promise<DecodedImage> {
  const size = jpegSize(buffer);
  if (!size) throw new UnreadableImageError('JPEG without a frame header');
  // the header is read first: a giant is refused before memory is taken for its pixels
  if (size.width * size.height > MAX_IMAGE_MEGAPIXELS * 1024 * 1024) throw new UnreadableImageError('JPEG too large');
  await loadMozJpeg();
  let image: { width: number; height: number; data: Uint8ClampedArray };
  try {
    // the decoder's "preserve orientation" shows the picture as the EXIF orientation says: upright
    image = await decodeMozJpeg(buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer, {
      preserveOrientation: true,
    });
  } catch (error) {
    throw new UnreadableImageError(error instanceof Error ? error.message : String((error as { message?: string })?.message ?? error));
  }
  if (!image.width || !image.height) throw new UnreadableImageError('JPEG without pixels');
  return { width: image.width, height: image.height, data: rgb(image.data, () => 255) };
}

function decodePng(buffer: Buffer): DecodedImage {
  // IHDR comes first: refuse a giant before inflating it
  const width = buffer.readUInt32BE(16);
  const height = buffer.readUInt32BE(20);
  if (width * height > MAX_IMAGE_MEGAPIXELS * 1024 * 1024) throw new UnreadableImageError('PNG too large');
  let png: PNG;
  try {
    png = PNG.sync.read(buffer);
  } catch (error) {
    throw new UnreadableImageError(error instanceof Error ? error.message : String(error));
  }
  return { width: png.width, height: png.height, data: rgb(png.data, (i) => png.data[i + 3]) };
}

/** RGBA → RGB, transparent pixels over white as a browser shows them. */
function rgb(rgba: Uint8Array | Uint8ClampedArray, alphaAt: (index: number) => number): Uint8Array {
  const data = new Uint8Array((rgba.length / 4) * 3);
  for (let i = 0, j = 0; j < data.length; i += 4, j += 3) {
    const alpha = alphaAt(i) / 255;
    data[j] = rgba[i] * alpha + 255 * (1 - alpha);
    data[j + 1] = rgba[i + 1] * alpha + 255 * (1 - alpha);
    data[j + 2] = rgba[i + 2] * alpha + 255 * (1 - alpha);
  }
  return data;
}

/** The size a JPEG's frame header (SOFn) declares, or null when the markers before it do not lead to one. */
export function jpegSize(jpegBytes: Buffer): { width: number; height: number } | null {
  let at = 2;
  while (at + 9 <= jpegBytes.length && jpegBytes[at] === 0xff) {
    const marker = jpegBytes[at + 1];
    // SOF0…SOF15 but DHT (C4), JPG (C8) and DAC (CC), which share the range
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: jpegBytes.readUInt16BE(at + 5), width: jpegBytes.readUInt16BE(at + 7) };
    }
    if (marker === 0xda || marker === 0xd9) return null; // image data before any frame header
    at += 2 + jpegBytes.readUInt16BE(at + 2);
  }
  return null;
}

/**
 * Shrinks by a whole factor, averaging each factor × factor block (no aliasing, one pass over the
 * pixels): the cheap first step from a phone's 12 MP to the analysed size.
 */
export function shrink(image: DecodedImage, factor: number): DecodedImage {
  if (factor <= 1) return image;
  const width = Math.floor(image.width / factor);
  const height = Math.floor(image.height / factor);
  const data = new Uint8Array(width * height * 3);
  const sums = new Uint32Array(width * 3);
  const area = factor * factor;
  for (let y = 0; y < height; y += 1) {
    sums.fill(0);
    for (let dy = 0; dy < factor; dy += 1) {
      let from = (y * factor + dy) * image.width * 3;
      for (let x = 0; x < width; x += 1) {
        for (let dx = 0; dx < factor; dx += 1, from += 3) {
          sums[x * 3] += image.data[from];
          sums[x * 3 + 1] += image.data[from + 1];
          sums[x * 3 + 2] += image.data[from + 2];
        }
      }
    }
    const row = y * width * 3;
    for (let i = 0; i < width * 3; i += 1) data[row + i] = Math.round(sums[i] / area);
  }
  return { width, height, data };
}
