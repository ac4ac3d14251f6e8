import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { decodeImage, shrink } from './decode-image.js';
import type { AnalyseOptions, FaceAnalysis, FoundFace } from './face-engine.js';

/**
 * The face model, run inside a face worker thread (face-worker.ts): Human finds the faces and scores
 * liveness and anti-spoofing; face-api's recognition network (the dlib ResNet, 128-d) describes each
 * face from a crop aligned by face-api's 68 landmarks. Both run on TensorFlow.js's WASM backend, one
 * thread each, with the models the npm packages ship: nothing is downloaded.
 */

const require = createRequire(import.meta.url);
type Tf = typeof import('@tensorflow/tfjs-core');
type Tensor = import('@tensorflow/tfjs-core').Tensor;
type Tensor3D = import('@tensorflow/tfjs-core').Tensor3D;
type Tensor4D = import('@tensorflow/tfjs-core').Tensor4D;

const tf: Tf = require('@tensorflow/tfjs-core');
const wasm: typeof import('@tensorflow/tfjs-backend-wasm') = require('@tensorflow/tfjs-backend-wasm');
const faceApiFile = require.resolve('@vladmandic/face-api/dist/face-api.node-wasm.js');
// Human's package.json "exports" has no entry Node's resolver accepts for the WASM build: load it by path
const humanDir = path.dirname(path.dirname(require.resolve('@vladmandic/human')));
const wasmDir = `${path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json'))}/dist/`;

const packageVersion = (dir: string) => (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;

/** Names the detector and the embedding model (stored with each enrolment: embeddings of another model do not compare). */
export const FACE_MODEL_NAME = `human ${packageVersion(humanDir)} blazeface; face-api ${packageVersion(path.dirname(path.dirname(faceApiFile)))} faceRecognitionNet (landmark68 crop)`;

/** Images are analysed at most this large (longest side, pixels): enough for the detector and a sharp face crop. */
export const ANALYSED_SIDE = 800;

/** Human reports faces from this detector confidence. */
const MIN_DETECTOR_SCORE = 0.5;

interface HumanFace {
  box: [number, number, number, number];
  score: number;
  boxScore: number;
  real?: number;
  live?: number;
}
interface Human {
  load(): Promise<void>;
  detect(input: Tensor): Promise<{ face: HumanFace[]; error?: string | null }>;
}
interface Point {
  x: number;
  y: number;
}
interface FaceApi {
  nets: {
    faceRecognitionNet: {
      loadFromDisk(dir: string): Promise<void>;
      computeFaceDescriptor(input: Tensor4D): Promise<Float32Array | Float32Array[]>;
    };
    faceLandmark68Net: {
      loadFromDisk(dir: string): Promise<void>;
      detectLandmarks(input: Tensor4D): Promise<{ positions: Point[] } | { positions: Point[] }[]>;
    };
  };
}

let models: Promise<{ human: Human; faceApi: FaceApi }> | undefined;

/** Loads both models once per thread (about a second); later calls reuse them. */
export function loadModels() {
  models ??= load();
  return models;
}

async function load() {
  serveFileUrls();
  wasm.setWasmPaths(wasmDir);
  // several workers share the cores: each computes on one thread
  wasm.setThreadsCount(1);
  await tf.setBackend('wasm');
  await tf.ready();
  const faceApi: FaceApi = require(faceApiFile);
  const faceApiModels = path.join(path.dirname(path.dirname(faceApiFile)), 'model');
  await faceApi.nets.faceRecognitionNet.loadFromDisk(faceApiModels);
  await faceApi.nets.faceLandmark68Net.loadFromDisk(faceApiModels);
  const { Human } = require(`${humanDir}/dist/human.node-wasm.js`) as { Human: new (config: object) => Human };
  const human = new Human({
    backend: 'wasm',
    wasmPath: wasmDir,
    modelBasePath: `file://${humanDir}/models/`,
    // every image is a new one: no reuse of an earlier frame's results
    cacheSensitivity: 0,
    warmup: 'none',
    debug: false,
    filter: { enabled: false },
    face: {
      enabled: true,
      detector: { rotation: false, maxDetected: 20, minConfidence: MIN_DETECTOR_SCORE },
      mesh: { enabled: false },
      iris: { enabled: false },
      attention: { enabled: false },
      description: { enabled: false },
      emotion: { enabled: false },
      antispoof: { enabled: true },
      liveness: { enabled: true },
    },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    gesture: { enabled: false },
    segmentation: { enabled: false },
  });
  await human.load();
  return { human, faceApi };
}

/**
 * Human loads its models with fetch(); Node's fetch does not read file:// URLs, so this thread's fetch
 * answers them from disk (the worker's globals are its own: the server's fetch is untouched).
 */
function serveFileUrls() {
  const networkFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!url.startsWith('file://')) return networkFetch(input, init);
    const type = url.endsWith('.json') ? 'application/json' : 'application/octet-stream';
    return new Response(readFileSync(new URL(url)), { headers: { 'content-type': type } });
  };
}

/** Finds, scores and (as asked) describes the faces of a JPEG or PNG. */
export async function analyseImage(bytes: Uint8Array, options: AnalyseOptions = {}): Promise<FaceAnalysis> {
  const { human, faceApi } = await loadModels();
  const decoded = decodeImage(bytes);
  const turned = decoded.orientation >= 5;
  const width = turned ? decoded.height : decoded.width;
  const height = turned ? decoded.width : decoded.height;
  const small = shrink(decoded, Math.floor(Math.max(width, height) / ANALYSED_SIDE));
  const image = tf.tidy(() =>
    tf.cast(orient(fit(tf.tensor3d(small.data, [small.height, small.width, 3], 'int32')), decoded.orientation), 'float32'),
  );
  try {
    const [analysedHeight, analysedWidth] = image.shape;
    const scale = width / analysedWidth;
    const result = await human.detect(image);
    if (result.error) throw new Error(result.error);
    const found = result.face
      .filter((face) => face.boxScore >= MIN_DETECTOR_SCORE)
      .sort((a, b) => b.box[2] * b.box[3] - a.box[2] * a.box[3]);
    const faces: FoundFace[] = [];
    for (const [index, face] of found.entries()) {
      const wanted = options.embed === 'all' || ((options.embed ?? 'largest') === 'largest' && index === 0);
      faces.push({
        box: face.box.map((v) => Math.round(v * scale)) as FoundFace['box'],
        score: round(face.boxScore),
        liveness: round(face.live ?? 0),
        real: round(face.real ?? 0),
        embedding: wanted ? await describe(faceApi, image, face.box, analysedWidth, analysedHeight) : null,
      });
    }
    return { width, height, faces };
  } finally {
    image.dispose();
  }
}

const round = (value: number) => Math.round(value * 1000) / 1000;

/** Scales down (bilinear) what is still larger than ANALYSED_SIDE after the whole-factor shrink. */
function fit(image: Tensor3D): Tensor3D {
  const [height, width] = image.shape;
  const scale = ANALYSED_SIDE / Math.max(width, height);
  if (scale >= 1) return image;
  return tf.image.resizeBilinear(image, [Math.round(height * scale), Math.round(width * scale)], true);
}

/** Turns stored pixels upright as the EXIF orientation says (2…8: mirrored and/or rotated). */
function orient(image: Tensor3D, orientation: number): Tensor3D {
  const swapped = orientation >= 5 ? tf.transpose(image, [1, 0, 2]) : image;
  const flips: Record<number, number[]> = { 2: [1], 3: [0, 1], 4: [0], 6: [1], 7: [0, 1], 8: [0] };
  const axes = flips[orientation];
  return axes ? tf.reverse(swapped, axes) : swapped;
}

/** The recognition network's input side. */
const CHIP = 150;
/** The landmark network's input side. */
const LANDMARK_INPUT = 112;
const K = {
  lmScale: Number(process.env.LM_SCALE ?? 1),
  pad: Number(process.env.PAD ?? 1.2),
  rotate: process.env.ROTATE === '1',
  passes: Number(process.env.PASSES ?? 1),
};

async function landmarksIn(faceApi: FaceApi, image: Tensor3D, square: Square, width: number, height: number): Promise<Point[]> {
  const crop = chip(image, square, 0, LANDMARK_INPUT, width, height);
  try {
    const answer = await faceApi.nets.faceLandmark68Net.detectLandmarks(crop);
    const { positions } = Array.isArray(answer) ? answer[0] : answer;
    return positions.map((p) => ({
      x: square.x + (p.x / LANDMARK_INPUT) * square.side,
      y: square.y + (p.y / LANDMARK_INPUT) * square.side,
    }));
  } finally {
    crop.dispose();
  }
}

const centre = (points: Point[]) => ({
  x: points.reduce((s, p) => s + p.x, 0) / points.length,
  y: points.reduce((s, p) => s + p.y, 0) / points.length,
});

/**
 * The 128-d descriptor of the face in `box`: face-api's 68 landmarks, found on a square crop of
 * Human's box, frame the face as face-api's own pipeline does (their bounding box plus 20 %), and the
 * recognition network describes that square.
 */
async function describe(faceApi: FaceApi, image: Tensor3D, box: HumanFace['box'], width: number, height: number): Promise<number[]> {
  const [x, y, w, h] = box;
  let side = Math.max(w, h) / K.lmScale;
  let square = { x: x + w / 2 - side / 2, y: y + h / 2 - side / 2, side };
  let points = await landmarksIn(faceApi, image, square, width, height);
  for (let pass = 1; pass < K.passes; pass += 1) {
    const { left, right, top, bottom } = bounds(points);
    side = Math.max(right - left, bottom - top);
    square = { x: (left + right) / 2 - side / 2, y: (top + bottom) / 2 - side / 2, side };
    points = await landmarksIn(faceApi, image, square, width, height);
  }
  let angle = 0;
  if (K.rotate) {
    const l = centre(points.slice(36, 42));
    const r = centre(points.slice(42, 48));
    angle = Math.atan2(r.y - l.y, r.x - l.x);
  }
  const c = centre(points);
  const turned = points.map((p) => ({
    x: c.x + (p.x - c.x) * Math.cos(-angle) - (p.y - c.y) * Math.sin(-angle),
    y: c.y + (p.x - c.x) * Math.sin(-angle) + (p.y - c.y) * Math.cos(-angle),
  }));
  const { left, right, top, bottom } = bounds(turned);
  const faceSide = Math.max(right - left, bottom - top) * K.pad;
  // the box centre, back in the image's frame
  const bx = (left + right) / 2 - c.x;
  const by = (top + bottom) / 2 - c.y;
  const centreX = c.x + bx * Math.cos(angle) - by * Math.sin(angle);
  const centreY = c.y + bx * Math.sin(angle) + by * Math.cos(angle);
  const face = chip(image, { x: centreX - faceSide / 2, y: centreY - faceSide / 2, side: faceSide }, angle, CHIP, width, height);
  try {
    const descriptor = await faceApi.nets.faceRecognitionNet.computeFaceDescriptor(face);
    return Array.from(Array.isArray(descriptor) ? descriptor[0] : descriptor, round6);
  } finally {
    face.dispose();
  }
}

function bounds(points: Point[]) {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  return { left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) };
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

interface Square {
  x: number;
  y: number;
  side: number;
}

/**
 * A square of the (float) image turned by `angle` (radians) about its centre, resized to size × size;
 * parts outside the image black, as face-api pads.
 */
function chip(image: Tensor3D, square: Square, angle: number, size: number, _width: number, _height: number): Tensor4D {
  const scale = square.side / size;
  const cos = Math.cos(angle) * scale;
  const sin = Math.sin(angle) * scale;
  const cx = square.x + square.side / 2;
  const cy = square.y + square.side / 2;
  const half = size / 2;
  // output (u, v) → input (cx + cos·(u-half) − sin·(v-half), cy + sin·(u-half) + cos·(v-half))
  const transform = [cos, -sin, cx - cos * half + sin * half, sin, cos, cy - sin * half - cos * half, 0, 0];
  return tf.tidy(() =>
    tf.image.transform(tf.expandDims(image, 0) as Tensor4D, tf.tensor2d([transform]), 'bilinear', 'constant', 0, [size, size]),
  );
}
