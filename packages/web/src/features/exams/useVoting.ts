import { useIsMutating } from '@tanstack/react-query';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api';
import { useSaveVotes, votesMutationKey } from './api';
import type { VoteChange } from './votes';

/**
 * The examiner's votes are saved as they are given, one call per click (or per "accept whole
 * region"): nothing waits for a final submit. `saving` while any is on its way; `saved`: what the
 * last kept save did, in the words its `vote` call gave; a refusal is said and the table returns to
 * what the server holds — unless `onRefused` takes the refusal (the face check).
 */
export function useVoting(examId: number, onRefused?: (error: unknown) => boolean) {
  const { t } = useTranslation('exams');
  const { message: toast } = App.useApp();
  const save = useSaveVotes(examId);
  const saving = useIsMutating({ mutationKey: votesMutationKey(examId) }) > 0;
  const [saved, setSaved] = useState<string | null>(null);
  function vote(changes: VoteChange[], said: string) {
    if (changes.length === 0) return;
    save.mutate(changes, {
      onSuccess: () => setSaved(said),
      onError: (error) => {
        if (!onRefused?.(error)) toast.error(errorMessage(error, t('common:errors.network')));
      },
    });
  }
  return { vote, saving, saved };
}
