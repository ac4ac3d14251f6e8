import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** Where the installed packages keep the face models (resolved, not loaded: the server's thread never loads them). */
const require = createRequire(import.meta.url);

export const faceApiFile = require.resolve('@vladmandic/face-api/dist/face-api.node-wasm.js');
// Human's package.json "exports" has no entry Node's resolver accepts for the WASM build: load it by path
export const humanDir = path.dirname(path.dirname(require.resolve('@vladmandic/human')));
export const wasmDir = `${path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json'))}/dist/`;

const packageVersion = (dir: string) => (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;

/** Names the detector and the embedding model (stored with each enrolment: embeddings of another model do not compare). */
export const FACE_MODEL_NAME = `human ${packageVersion(humanDir)} blazeface; face-api ${packageVersion(path.dirname(path.dirname(faceApiFile)))} faceRecognitionNet on dlib-aligned chips, mirrored`;
