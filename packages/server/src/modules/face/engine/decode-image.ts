import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { UnreadableImageError } from './face-engine.js';

/** Larger images are refused: decoding one would take seconds and hundreds of megabytes. */
export const MAX_IMAGE_MEGAPIXELS = 25;

/** Decoded RGB pixels, row by row, 3 bytes a pixel, as stored (before the EXIF orientation). */
export interface DecodedImage {
  width: number;
  height: number;
  data: Uint8Array;
  /** the EXIF orientation, 1…8 (1: as stored) */
  orientation: number;
}

/** Decodes a JPEG or PNG by its content; anything else, broken or too large → UnreadableImageError. */
export function decodeImage(bytes: Uint8Array): DecodedImage {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.length > 3 && buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff) return decodeJpeg(buffer);
  if (buffer.length > 24 && buffer.readUInt32BE(0) === 0x89504e47) return decodePng(buffer);
  throw new UnreadableImageError('not a JPEG or PNG');
}

function decodeJpeg(buffer: Buffer): DecodedImage {
  let image: { width: number; height: number; data: Uint8Array };
  try {
    image = jpeg.decode(buffer, {
      useTArray: true,
      formatAsRGBA: false,
      maxResolutionInMP: MAX_IMAGE_MEGAPIXELS,
      maxMemoryUsageInMB: 512,
    });
  } catch (error) {
    throw new UnreadableImageError(error instanceof Error ? error.message : String(error));
  }
  if (!image.width || !image.height || image.data.length < image.width * image.height * 3) {
    throw new UnreadableImageError('JPEG without pixels');
  }
  return { ...image, orientation: exifOrientation(buffer) };
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
  const rgba = png.data;
  const data = new Uint8Array(png.width * png.height * 3);
  // transparent pixels over white, as a browser shows them
  for (let i = 0, j = 0; j < data.length; i += 4, j += 3) {
    const alpha = rgba[i + 3] / 255;
    data[j] = rgba[i] * alpha + 255 * (1 - alpha);
    data[j + 1] = rgba[i + 1] * alpha + 255 * (1 - alpha);
    data[j + 2] = rgba[i + 2] * alpha + 255 * (1 - alpha);
  }
  return { width: png.width, height: png.height, data, orientation: 1 };
}

/**
 * The EXIF orientation tag (0x0112) of a JPEG's APP1 segment: phones store the sensor's pixels and say
 * how to turn them. 1 (as stored) when absent or unreadable.
 */
export function exifOrientation(jpegBytes: Buffer): number {
  let at = 2;
  while (at + 4 <= jpegBytes.length && jpegBytes[at] === 0xff) {
    const marker = jpegBytes[at + 1];
    if (marker === 0xda || marker === 0xd9) break; // image data: no more metadata
    const length = jpegBytes.readUInt16BE(at + 2);
    if (marker === 0xe1 && jpegBytes.toString('latin1', at + 4, at + 10) === 'Exif\0\0') {
      return tiffOrientation(jpegBytes.subarray(at + 10, at + 2 + length));
    }
    at += 2 + length;
  }
  return 1;
}

function tiffOrientation(tiff: Buffer): number {
  if (tiff.length < 8) return 1;
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return 1;
  const entries = u16(ifd);
  for (let i = 0; i < entries; i += 1) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return 1;
    if (u16(entry) === 0x0112) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
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
  return { width, height, data, orientation: image.orientation };
}
