/** Limits the server enforces and the web mirrors (admin-back-office.md §9). */
export const PHOTO_MAX_BYTES = 1_000_000;
export const DOCUMENT_MAX_BYTES = 10_000_000;
export const PHOTO_MIME_TYPES = ['image/jpeg', 'image/png'] as const;
export const PAGE_SIZE = 20;
/** The most rows a list the spec calls unpaged answers when no page is asked for; ask by `?page=` for the rest. */
export const UNPAGED_MAX_ROWS = 500;
export const PASSWORD_MIN_LENGTH = 6;
export const LANGUAGES = ['ru', 'kk', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
