import { ToolOutlined } from '@ant-design/icons';
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';

/** A screen of a later issue: its title and a "being prepared" note, so menus and links already lead somewhere. */
export default function PlaceholderPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <section className="oqu-page">
      <PageTitle>{t(titleKey)}</PageTitle>
      <Card className="oqu-empty-card">
        <div className="oqu-empty">
          <ToolOutlined className="oqu-empty-icon" aria-hidden="true" />
          <Typography.Title level={2} className="oqu-empty-title">
            {t('placeholder.title')}
          </Typography.Title>
          <Typography.Paragraph className="oqu-empty-text">{t('placeholder.text')}</Typography.Paragraph>
        </div>
      </Card>
    </section>
  );
}
