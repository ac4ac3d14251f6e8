import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import { isValidIin } from '@oqu/contracts';

let serial = 0;

/**
 * A fresh valid IIN on each call (check digit included), unlike any demo one: `7001015`, a
 * two-digit serial and the check digit, so no run of four digits in it looks like a personnel number.
 */
export function nextIin(): string {
  while (serial < 99) {
    serial += 1;
    const base = `700101500${String(serial).padStart(2, '0')}`;
    for (let digit = 0; digit <= 9; digit++) if (isValidIin(`${base}${digit}`)) return `${base}${digit}`;
  }
  throw new Error('Out of test IINs');
}

const FACES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../fixtures/faces');

/** A real photograph from the repository's fixtures/faces. */
export const facePhoto = (name: string) => fs.readFileSync(path.join(FACES, name));

/** A real JPEG padded with bytes after its end marker to exactly `size` bytes: still a JPEG by content. */
export function jpegOfSize(size: number): Buffer {
  const photo = facePhoto('sunset.jpg');
  return Buffer.concat([photo, Buffer.alloc(size - photo.length, 0)]);
}

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG made in code: `size`×`size` pixels of one RGB colour. */
export function tinyPng(size = 2, rgb: [number, number, number] = [200, 30, 30]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The JPEG with its frame header (SOF0/SOF2) claiming another size. */
export function jpegClaimingSize(jpegBytes: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(jpegBytes);
  for (let at = 2; at < copy.length; at += 2 + copy.readUInt16BE(at + 2)) {
    if (copy[at + 1] === 0xc0 || copy[at + 1] === 0xc2) {
      copy.writeUInt16BE(height, at + 5);
      copy.writeUInt16BE(width, at + 7);
      return copy;
    }
  }
  throw new Error('no frame header');
}
