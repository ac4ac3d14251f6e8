import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { decodeImage, shrink } from './decode-image.js';
import type { AnalyseOptions, FaceAnalysis, FoundFace } from './face-engine.js';
import { faceApiFile, humanDir, wasmDir } from './model-files.js';

/**
 * The face model, run inside a face worker thread (face-worker.ts): Human finds the faces and scores
 * their liveness; face-api's recognition network (dlib's ResNet, 128-d) describes each
 * face from a chip aligned as dlib aligns it (describe()). Both run on TensorFlow.js's WASM backend,
 * one thread each, with the models the npm packages ship: nothing is downloaded.
 */

const require = createRequire(import.meta.url);
type Tf = typeof import('@tensorflow/tfjs-core');
type Tensor = import('@tensorflow/tfjs-core').Tensor;
type Tensor3D = import('@tensorflow/tfjs-core').Tensor3D;
type Tensor4D = import('@tensorflow/tfjs-core').Tensor4D;
type TensorInfo = import('@tensorflow/tfjs-core').TensorInfo;

const tf: Tf = require('@tensorflow/tfjs-core');
const wasm: typeof import('@tensorflow/tfjs-backend-wasm') = require('@tensorflow/tfjs-backend-wasm');

/** Images are analysed at most this large (longest side, pixels): enough for the detector and a sharp face chip. */
const ANALYSED_SIDE = 800;

/** Human reports faces from this detector confidence. */
const MIN_DETECTOR_SCORE = 0.5;

interface HumanFace {
  box: [number, number, number, number];
  score: number;
  boxScore: number;
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
      computeFaceDescriptor(input: Tensor3D[]): Promise<Float32Array | Float32Array[]>;
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
  concatInNativeCode();
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
      // the liveness score is the one thresholded; the anti-spoofing model's would cost a tenth of a check for nothing
      antispoof: { enabled: false },
      liveness: { enabled: true },
    },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    gesture: { enabled: false },
    segmentation: { enabled: false },
  });
  await human.load();
  // a first run compiles each kernel: do it now rather than in someone's check
  const blank = tf.zeros([480, 640, 3]) as Tensor3D;
  try {
    await human.detect(blank);
    await describe(faceApi, blank, [160, 80, 320, 320], true);
  } finally {
    blank.dispose();
  }
  return { human, faceApi };
}

/**
 * The WASM backend concatenates in JavaScript, one small copy per row: the recognition network pads
 * its channels that way (tens of thousands of copies, about a fifth of a check's time). Along any
 * axis but the first, a float concatenation is the sum of its parts each padded to the result's
 * extent, which the backend's native PadV2 and Add kernels do at memory speed.
 */
function concatInNativeCode() {
  const original = tf.getKernel('Concat', 'wasm');
  const pad = tf.getKernel('PadV2', 'wasm');
  const add = tf.getKernel('Add', 'wasm');
  if (!original || !pad || !add) return;
  tf.unregisterKernel('Concat', 'wasm');
  tf.registerKernel({
    ...original,
    kernelFunc: (args) => {
      const inputs = args.inputs as unknown as TensorInfo[];
      const backend = args.backend as { disposeData(dataId: object): void };
      const rank = inputs[0]?.shape.length ?? 0;
      const axis = (((args.attrs as { axis: number }).axis % rank) + rank) % rank;
      if (inputs.length < 2 || axis === 0 || inputs.some((x) => x.dtype !== 'float32' || x.shape.some((d) => d === 0)))
        return original.kernelFunc(args);
      const extent = inputs.reduce((sum, x) => sum + x.shape[axis], 0);
      let offset = 0;
      let sum: TensorInfo | undefined;
      for (const x of inputs) {
        const paddings = x.shape.map((_, d) => (d === axis ? [offset, extent - offset - x.shape[axis]] : [0, 0]));
        offset += x.shape[axis];
        const padded = pad.kernelFunc({ inputs: { x }, backend: args.backend, attrs: { paddings, constantValue: 0 } }) as TensorInfo;
        if (!sum) {
          sum = padded;
          continue;
        }
        const next = add.kernelFunc({ inputs: { a: sum, b: padded }, backend: args.backend, attrs: {} }) as TensorInfo;
        backend.disposeData(sum.dataId);
        backend.disposeData(padded.dataId);
        sum = next;
      }
      return sum as TensorInfo;
    },
  });
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
  const decoded = await decodeImage(bytes);
  const { width, height } = decoded;
  const small = shrink(decoded, Math.floor(Math.max(width, height) / ANALYSED_SIDE));
  // floats made natively here: tfjs converts bytes to a tensor one element at a time
  const pixels = new Float32Array(small.data);
  const image = tf.tidy(() => fit(tf.tensor3d(pixels, [small.height, small.width, 3], 'float32')));
  try {
    const analysedWidth = image.shape[1];
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
        embedding: wanted ? await describe(faceApi, image, face.box, options.purpose !== 'check') : null,
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

/** The recognition network's input side. */
const CHIP = 150;
/** The landmark network's input side. */
const LANDMARK_INPUT = 112;
/** Human's boxes hold the face with a margin (1.4 × by default); the landmark network wants it tighter. */
const HUMAN_BOX_MARGIN = 1.2;
/** dlib's chip padding: how much of the face's surroundings the chip shows; 0.2 separated the fixtures best. */
const CHIP_PADDING = 0.2;

/**
 * dlib's mean face (landmarks 17…67 of the 68, in a unit square): the recognition network was trained
 * on chips whose landmarks were brought onto it (dlib's get_face_chip_details).
 */
const MEAN_FACE_X = [
  0.000213256, 0.0752622, 0.18113, 0.29077, 0.393397, 0.586856, 0.689483, 0.799124, 0.904991, 0.98004, 0.490127, 0.490127, 0.490127,
  0.490127, 0.36688, 0.426036, 0.490127, 0.554217, 0.613373, 0.121737, 0.187122, 0.265825, 0.334606, 0.260918, 0.182743, 0.645647, 0.714428,
  0.793132, 0.858516, 0.79751, 0.719335, 0.254149, 0.340985, 0.428858, 0.490127, 0.551395, 0.639268, 0.726104, 0.642159, 0.556721, 0.490127,
  0.423532, 0.338094, 0.290379, 0.428096, 0.490127, 0.552157, 0.689874, 0.553364, 0.490127, 0.42689,
];
const MEAN_FACE_Y = [
  0.106454, 0.038915, 0.0187482, 0.0344891, 0.0773906, 0.0773906, 0.0344891, 0.0187482, 0.038915, 0.106454, 0.203352, 0.307009, 0.409805,
  0.515625, 0.587326, 0.609345, 0.628106, 0.609345, 0.587326, 0.216423, 0.178758, 0.179852, 0.231733, 0.245099, 0.244077, 0.231733,
  0.179852, 0.178758, 0.216423, 0.244077, 0.245099, 0.780233, 0.745405, 0.727388, 0.742578, 0.727388, 0.745405, 0.780233, 0.864805,
  0.902192, 0.909281, 0.902192, 0.864805, 0.784792, 0.778746, 0.785343, 0.778746, 0.784792, 0.824182, 0.831803, 0.824182,
];
const CHIP_POINTS = MEAN_FACE_X.map((x, i) => ({
  x: ((CHIP_PADDING + x) / (2 * CHIP_PADDING + 1)) * CHIP,
  y: ((CHIP_PADDING + MEAN_FACE_Y[i]) / (2 * CHIP_PADDING + 1)) * CHIP,
}));

interface Square {
  x: number;
  y: number;
  side: number;
}

/**
 * The 128-d descriptor of a face Human found, as dlib computes it: face-api's 68 landmarks (found
 * twice: on Human's box, then on the box of the first landmarks, which frames the face as the
 * landmark network was trained), a chip turned and scaled so the landmarks sit on dlib's mean face,
 * and the recognition network on the chip and, when `mirrored`, on its mirror image too, averaged (a
 * face's two halves vote). Enrolled photos are read mirrored, shots once: shot against photo, that
 * separated the fixtures' people best (AUC 0.997; both mirrored 0.995; face-api's own pipeline 0.985)
 * at half the recognition time of a check. Unit length, so similarity() reads distances on one scale.
 */
async function describe(faceApi: FaceApi, image: Tensor3D, box: HumanFace['box'], mirrored: boolean): Promise<number[]> {
  const [x, y, w, h] = box;
  const side = Math.max(w, h) / HUMAN_BOX_MARGIN;
  const first = await landmarks(faceApi, image, { x: x + w / 2 - side / 2, y: y + h / 2 - side / 2, side });
  const points = await landmarks(faceApi, image, squareAround(first));
  const chips = tf.tidy(() => {
    const chip = tf.image.transform(
      tf.expandDims(image, 0) as Tensor4D,
      tf.tensor2d([chipTransform(points.slice(17, 68))]),
      'bilinear',
      'constant',
      0,
      [CHIP, CHIP],
    );
    const upright = tf.squeeze(chip, [0]) as Tensor3D;
    return mirrored ? [upright, tf.reverse(upright, 1) as Tensor3D] : [upright];
  });
  let descriptors: Float32Array[];
  try {
    // an array of chips is a batch: one descriptor each
    descriptors = (await faceApi.nets.faceRecognitionNet.computeFaceDescriptor(chips)) as Float32Array[];
  } finally {
    tf.dispose(chips);
  }
  // the mean's direction: unit length makes dividing by the count needless
  const sum = Array.from({ length: descriptors[0].length }, (_, i) => descriptors.reduce((total, descriptor) => total + descriptor[i], 0));
  const length = Math.hypot(...sum);
  return sum.map((value) => Math.round((value / length) * 1e6) / 1e6);
}

/** face-api's 68 landmarks of the face in `square`, in the image's pixels. */
async function landmarks(faceApi: FaceApi, image: Tensor3D, square: Square): Promise<Point[]> {
  const scale = square.side / LANDMARK_INPUT;
  const crop = tf.tidy(() =>
    tf.image.transform(
      tf.expandDims(image, 0) as Tensor4D,
      tf.tensor2d([[scale, 0, square.x, 0, scale, square.y, 0, 0]]),
      'bilinear',
      'constant',
      0,
      [LANDMARK_INPUT, LANDMARK_INPUT],
    ),
  );
  try {
    const answer = await faceApi.nets.faceLandmark68Net.detectLandmarks(crop);
    const { positions } = Array.isArray(answer) ? answer[0] : answer;
    return positions.map((p) => ({ x: square.x + p.x * scale, y: square.y + p.y * scale }));
  } finally {
    crop.dispose();
  }
}

function squareAround(points: Point[]): Square {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const [left, right, top, bottom] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const side = Math.max(right - left, bottom - top);
  return { x: (left + right) / 2 - side / 2, y: (top + bottom) / 2 - side / 2, side };
}

/**
 * The similarity transform (turn, scale, shift) that brings `points` nearest (least squares) onto
 * CHIP_POINTS, inverted into tf.image.transform's form: for each chip pixel, where to read the image.
 */
function chipTransform(points: Point[]): number[] {
  const mean = (list: Point[]) => ({
    x: list.reduce((s, p) => s + p.x, 0) / list.length,
    y: list.reduce((s, p) => s + p.y, 0) / list.length,
  });
  const from = mean(points);
  const to = mean(CHIP_POINTS);
  let norm = 0;
  let a = 0;
  let b = 0;
  for (const [i, p] of points.entries()) {
    const [px, py, qx, qy] = [p.x - from.x, p.y - from.y, CHIP_POINTS[i].x - to.x, CHIP_POINTS[i].y - to.y];
    norm += px * px + py * py;
    a += px * qx + py * qy;
    b += px * qy - py * qx;
  }
  a /= norm;
  b /= norm;
  // chip = [a −b; b a]·image + t, so image = [a b; −b a]·(chip − t) / (a² + b²)
  const tx = to.x - (a * from.x - b * from.y);
  const ty = to.y - (b * from.x + a * from.y);
  const k = a * a + b * b;
  return [a / k, b / k, -(a * tx + b * ty) / k, -b / k, a / k, (b * tx - a * ty) / k, 0, 0];
}
