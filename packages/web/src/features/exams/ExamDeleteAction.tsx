import type { Exam } from '@oqu/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteAction } from '../../components/DeleteAction';
import { examsKeys, fetchExamTable } from './api';
import { deleteNeedsVotes, deleteRefusal } from './deletion';

/**
 * An exam's delete: the dialog asks, or, for an exam whose record is kept (signed, or voted in:
 * read from its table when the dialog opens), says why it cannot be deleted and offers no delete.
 */
export function ExamDeleteAction({ exam, onDelete }: { exam: Exam; onDelete: () => Promise<void> }) {
  const { t } = useTranslation('exams');
  const [open, setOpen] = useState(false);
  const votes = useQuery({
    queryKey: examsKeys.table(exam.ID),
    queryFn: () => fetchExamTable(exam.ID),
    enabled: open && deleteNeedsVotes(exam),
    retry: false,
  });
  const refusal = deleteRefusal(exam, votes.isError ? null : votes.data);
  const named = { name: exam.Name };
  return (
    <DeleteAction
      title={refusal ? t('list.cannotDelete', named) : t('list.confirmDelete', named)}
      description={refusal === undefined && open ? t('list.checkingDelete') : t('list.confirmDeleteHint')}
      refusal={refusal ? t(refusal === 'signed' ? 'list.cannotDeleteSigned' : 'list.cannotDeleteVoted') : undefined}
      checking={refusal === undefined && open}
      label={t('list.deleteOf', named)}
      onConfirm={onDelete}
      onOpenChange={setOpen}
    />
  );
}
