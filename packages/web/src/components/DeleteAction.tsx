import { DeleteOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsNarrow } from '../lib/media';

interface DeleteActionProps {
  /** the confirmation's question, naming what is deleted */
  title: string;
  /** what goes with it, said before the delete is confirmed */
  description?: ReactNode;
  /** the button's accessible name naming the record, e.g. "Delete: X" (rows all have a "Delete" button) */
  label?: string;
  /** the delete; the button spins until it settles */
  onConfirm: () => Promise<void>;
}

/** A row's delete button that asks first (Popconfirm). On phones only its icon shows, as with EditLink. */
export function DeleteAction({ title, description, label, onConfirm }: DeleteActionProps) {
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
    <Popconfirm
      title={title}
      description={description}
      okText={t('actions.delete')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={() => void confirm()}
    >
      <Button size="small" danger icon={<DeleteOutlined aria-hidden />} loading={busy} aria-label={name} title={name}>
        {narrow ? null : t('actions.delete')}
      </Button>
    </Popconfirm>
  );
}
