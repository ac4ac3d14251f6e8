import { DeleteOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';

interface DeleteActionProps {
  /** the confirmation's question, naming what is deleted */
  title: string;
  description?: string;
  /** the button's accessible name when it shows only an icon, e.g. "Delete test X" */
  label: string;
  loading?: boolean;
  onConfirm: () => void;
}

/** A delete button that asks first (Popconfirm), with a name screen readers can announce. */
export function DeleteAction({ title, description, label, loading, onConfirm }: DeleteActionProps) {
  const { t } = useTranslation('tests');
  return (
    <Popconfirm
      title={title}
      description={description}
      okText={t('actions.delete')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={onConfirm}
    >
      <Button size="small" danger icon={<DeleteOutlined aria-hidden />} loading={loading} aria-label={label} title={label}>
        {t('actions.delete')}
      </Button>
    </Popconfirm>
  );
}
