/**
 * The preview video opens once per webinar (learner-and-instructor.md §4): remembered in
 * localStorage so a reload does not show it again; per person, as a browser may be shared.
 */
type Store = Pick<Storage, 'getItem' | 'setItem'>;

const key = (userId: number, webinarId: number) => `oqu.webinarPreview.${userId}.${webinarId}`;

function storage(): Store | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function previewSeen(userId: number, webinarId: number, store: Store | null = storage()): boolean {
  try {
    return store?.getItem(key(userId, webinarId)) === '1';
  } catch {
    return false;
  }
}

export function markPreviewSeen(userId: number, webinarId: number, store: Store | null = storage()): void {
  try {
    store?.setItem(key(userId, webinarId), '1');
  } catch {
    // storage full or blocked: the preview may show once more, nothing worse
  }
}

/** Whether the preview should open now: there is one, the webinar is not over, it was not shown. */
export function shouldShowPreview(
  webinar: { ID: number; Status: string; Preview: { Path: string } | null },
  userId: number,
  store: Store | null = storage(),
): boolean {
  return Boolean(webinar.Preview?.Path) && webinar.Status !== 'Завершен' && !previewSeen(userId, webinar.ID, store);
}
