import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { usePageTitle } from '../../lib/usePageTitle';

/** A page failed to render or its code could not be loaded (e.g. after a new release): offer a reload. */
export default function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  usePageTitle(t('routeError.title'));
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : '';
  return (
    <main className="oqu-center-page" id="main">
      <Result
        status="error"
        title={<h1 className="oqu-result-title">{t('routeError.title')}</h1>}
        subTitle={
          <>
            {t('routeError.text')}
            {detail && <code className="oqu-error-detail">{detail}</code>}
          </>
        }
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('routeError.reload')}
          </Button>
        }
      />
    </main>
  );
}
