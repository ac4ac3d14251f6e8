import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { PersonKind } from './kinds';
import { PersonForm } from './PersonForm';

/** Route element of a person form: create without `:id`, edit with it. */
export function PersonFormPage({ kind }: { kind: PersonKind }) {
  const { t } = useTranslation('people');
  const { id } = useParams();
  if (id === undefined) return <PersonForm kind={kind} />;
  const numeric = Number(id);
  if (!Number.isInteger(numeric) || numeric <= 0) return <Alert type="error" showIcon title={t('errors.notFound')} />;
  return <PersonForm kind={kind} id={numeric} />;
}
