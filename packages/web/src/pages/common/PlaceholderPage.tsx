import { ToolOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { PageTitle } from '../../components/PageTitle';

/** A screen of a later issue: its title and a "being prepared" note, so menus and links already lead somewhere. */
export default function PlaceholderPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <section className="oqu-page">
      <PageTitle>{t(titleKey)}</PageTitle>
      <EmptyState icon={ToolOutlined} title={t('placeholder.title')} text={t('placeholder.text')} />
    </section>
  );
}
