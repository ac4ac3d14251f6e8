import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../lib/session';

/** "Hello, <name>" under a home page's title; nothing for an account without a name. */
export function Greeting() {
  const { t } = useTranslation();
  const name = useSession()?.Fullname;
  if (!name) return null;
  return <Typography.Paragraph className="oqu-greeting">{t('mobile.main.greeting', { name })}</Typography.Paragraph>;
}
