import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useIsNarrow } from '../lib/media';
import { ButtonLink } from './ButtonLink';

/**
 * A row's edit link; `label` names the record for screen readers (every row has an "Edit" link).
 * On phones only its icon shows, so that the row's actions fit beside its name.
 */
export function EditLink({ to, label }: { to: string; label: string }) {
  const { t } = useTranslation();
  const narrow = useIsNarrow();
  return (
    <ButtonLink
      to={to}
      size="small"
      icon={<EditOutlined aria-hidden />}
      aria-label={label}
      title={narrow ? label : undefined}
      className="oqu-row-edit"
    >
      {narrow ? null : t('actions.edit')}
    </ButtonLink>
  );
}
