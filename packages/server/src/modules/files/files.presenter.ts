/** The URL a stored file is served from (GET, public by unguessable name). */
export const fileUrl = (storageKey: string) => `/files/${storageKey}`;
