import { extension } from '../../lib/files';

/**
 * The name a downloaded file is saved under: the record's name with the stored file's ending
 * (`/files/media/<key>.pdf` → `Памятка.pdf`), characters file systems refuse replaced.
 */
export function downloadName(name: string, path: string): string {
  const ending = extension(path);
  const base =
    name
      .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim() || 'file';
  return ending && !base.toLowerCase().endsWith(`.${ending}`) ? `${base}.${ending}` : base;
}
