import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from './ButtonLink';

/** A row's edit link; `label` names the record for screen readers (every row has an "Edit" link). */
export function EditLink({ to, label }: { to: string; label: string }) {
  const { t } = useTranslation();
  return (
    <ButtonLink to={to} size="small" icon={<EditOutlined aria-hidden />} aria-label={label}>
      {t('actions.edit')}
    </ButtonLink>
  );
}
