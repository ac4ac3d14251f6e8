import { DeleteOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsNarrow } from '../lib/media';
import { ConfirmPopover } from './ConfirmPopover';

interface DeleteActionProps {
  /** the confirmation's question, naming what is deleted */
  title: string;
  /** what goes with it, said before the delete is confirmed */
  description?: ReactNode;
  /** the button's accessible name naming the record, e.g. "Delete: X" (rows all have a "Delete" button) */
  label?: string;
  /** the delete; the button spins until it settles */
  onConfirm: () => Promise<void>;
  /** why the record cannot be deleted: the dialog says so under `title` and offers no delete, only closing */
  refusal?: ReactNode;
  /** whether it may be deleted is still being found out: the delete waits */
  checking?: boolean;
  /** the dialog opens or closes (to find out whether it may be deleted when it opens) */
  onOpenChange?: (open: boolean) => void;
}

/** A row's delete button that asks first (ConfirmPopover), or says why it cannot. On phones only its icon shows, as with EditLink. */
export function DeleteAction({ title, description, label, onConfirm, refusal, checking = false, onOpenChange }: DeleteActionProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const narrow = useIsNarrow();
  const name = label ?? t('actions.delete');

  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  }

  return (
    <ConfirmPopover
      title={title}
      description={refusal ?? description}
      okText={refusal ? t('actions.close') : t('actions.delete')}
      cancelText={t('actions.cancel')}
      showCancel={!refusal}
      okButtonProps={refusal ? {} : { danger: true, disabled: checking, loading: checking }}
      onConfirm={() => (refusal ? undefined : void confirm())}
      onOpenChange={onOpenChange}
    >
      <Button size="small" danger icon={<DeleteOutlined aria-hidden />} loading={busy} aria-label={name} title={name}>
        {narrow ? null : t('actions.delete')}
      </Button>
    </ConfirmPopover>
  );
}
