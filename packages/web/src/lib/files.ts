/** Checks of chosen files before they are sent; the server checks the content again. */

/** Why a chosen file cannot be sent. */
export type FileProblem = 'empty' | 'type' | 'size';

/** A file name's ending, lower case, without the dot; '' when there is none. */
export function extension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** A type browsers give to files they do not know: then the name's ending has to tell. */
export const isGenericType = (type: string) => type === '' || type === 'application/octet-stream';

/** The first bytes of the image types the server accepts (it reads the content, not the name). */
const IMAGE_SIGNATURES: readonly { type: 'image/jpeg' | 'image/png'; bytes: readonly number[] }[] = [
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];

/** The image type that `head` (a file's first bytes) begins with, or null when it is neither JPEG nor PNG. */
export function imageTypeOf(head: Uint8Array): 'image/jpeg' | 'image/png' | null {
  const match = IMAGE_SIGNATURES.find(({ bytes }) => bytes.every((byte, index) => head[index] === byte));
  return match?.type ?? null;
}

/** Reads a chosen file's first bytes and tells its image type by them, whatever its name says. */
export async function readImageType(file: Blob): Promise<'image/jpeg' | 'image/png' | null> {
  return imageTypeOf(new Uint8Array(await file.slice(0, 8).arrayBuffer()));
}
