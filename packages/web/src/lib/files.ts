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
