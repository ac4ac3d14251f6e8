import { App } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** How long a list marks the record just saved. */
const HIGHLIGHT_MS = 4000;

interface SavedState {
  savedId?: number;
}

/**
 * After a create or an update: says what happened and returns to the list, which marks the saved
 * record (`useSavedId`). One way for every form, so that no save passes silently.
 */
export function useSaved() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  return (text: string, listPath: string, id?: number) => {
    message.success(text);
    navigate(listPath, { state: { savedId: id } satisfies SavedState });
  };
}

/** Whether a navigation is the return to the list after a save (nothing is left unsaved then). */
export function isAfterSave(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'savedId' in state;
}

/** The ID of the record saved just before this list opened, for a few seconds; then undefined. */
export function useSavedId(): number | undefined {
  const state = useLocation().state as SavedState | null;
  const id = state?.savedId;
  const [shown, setShown] = useState(id);
  useEffect(() => {
    setShown(id);
    if (id === undefined) return;
    const timer = setTimeout(() => setShown(undefined), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [id]);
  return shown;
}

/** The ID a create answered with (`data.ID`), else `known` (an update answers none). */
export function savedRecordId(answer: unknown, known?: number): number | undefined {
  const id = (answer as { data?: { ID?: unknown } } | null)?.data?.ID;
  return typeof id === 'number' ? id : known;
}
