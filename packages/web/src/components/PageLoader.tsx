import { useTranslation } from 'react-i18next';

/** Shown while a lazily loaded page or layout arrives; plain CSS, so that it needs no chunk of its own. */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={fullScreen ? 'oqu-loader oqu-loader-full' : 'oqu-loader'} role="status" aria-live="polite">
      <span className="oqu-spinner" aria-hidden="true" />
      <span className="oqu-visually-hidden">{t('app.loading')}</span>
    </div>
  );
}
