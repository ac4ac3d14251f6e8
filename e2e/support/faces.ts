import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FACES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/faces');

/** The path of a real photograph from the repository's fixtures/faces. */
export const facePhoto = (name: string) => path.join(FACES, name);
