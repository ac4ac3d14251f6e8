import { useIsMutating } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api';
import { useSaveVotes, votesMutationKey } from './api';
import type { VoteChange } from './votes';

/**
 * The examiner's votes are saved as they are given, one call per click (or per "accept whole
 * region"): nothing waits for a final submit. `saving` while any is on its way; a refusal is said
 * and the table returns to what the server holds — unless `onRefused` takes the refusal (the face check).
 */
export function useVoting(examId: number, onRefused?: (error: unknown) => boolean) {
  const { t } = useTranslation('exams');
  const { message: toast } = App.useApp();
  const save = useSaveVotes(examId);
  const saving = useIsMutating({ mutationKey: votesMutationKey(examId) }) > 0;
  function vote(changes: VoteChange[]) {
    if (changes.length === 0) return;
    save.mutate(changes, {
      onError: (error) => {
        if (!onRefused?.(error)) toast.error(errorMessage(error, t('common:errors.network')));
      },
    });
  }
  return { vote, saving, saved: save.isSuccess && !saving, failed: save.isError && !saving };
}
