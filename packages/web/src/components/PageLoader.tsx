import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** Shown while a lazily loaded page or layout arrives. */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={fullScreen ? 'oqu-loader oqu-loader-full' : 'oqu-loader'} role="status" aria-live="polite">
      <Spin size="large" />
      <span className="oqu-visually-hidden">{t('app.loading')}</span>
    </div>
  );
}
