import { Alert, App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Deleted, errorMessage } from '../../lib/api';

/**
 * Deleting from a catalogue list: the server's message (else `deleted`) as a toast. A refusal
 * (say, a certificate that a plan uses) stays in an alert above the list until it is closed or the
 * next delete, because it explains what to change first.
 */
export function useCatalogueDelete(remove: (id: number) => Promise<Deleted>) {
  const { t } = useTranslation();
  const { message: toast } = App.useApp();
  const [refusal, setRefusal] = useState<string | null>(null);

  async function drop(id: number, deleted: string) {
    setRefusal(null);
    try {
      const answer = await remove(id);
      toast.success(answer.message || deleted);
    } catch (failure) {
      setRefusal(errorMessage(failure, t('errors.network')));
    }
  }

  const refusalAlert = refusal && <Alert type="error" showIcon closable title={refusal} onClose={() => setRefusal(null)} />;
  return { drop, refusalAlert };
}
