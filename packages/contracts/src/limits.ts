/** Limits the server enforces and the web mirrors (admin-back-office.md §9). */
export const PHOTO_MAX_BYTES = 1_000_000;
export const DOCUMENT_MAX_BYTES = 10_000_000;
export const PHOTO_MIME_TYPES = ['image/jpeg', 'image/png'] as const;
export const PAGE_SIZE = 20;
export const PASSWORD_MIN_LENGTH = 6;
export const LANGUAGES = ['ru', 'kk', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
