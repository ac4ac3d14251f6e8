import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ButtonLink';
import { usePageTitle } from '../../lib/usePageTitle';

/** Any unknown address. Home is '/', which sends a signed-in user on to their landing page. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <main className="oqu-center-page" id="main">
      <Result
        status="404"
        title={<h1 className="oqu-result-title">{t('notFound.title')}</h1>}
        subTitle={t('notFound.text')}
        extra={
          <ButtonLink type="primary" to="/">
            {t('notFound.home')}
          </ButtonLink>
        }
      />
    </main>
  );
}
