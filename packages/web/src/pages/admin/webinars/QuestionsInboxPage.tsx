import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageTitle } from '../../../components/PageTitle';
import { Inbox } from '../../../features/webinars/lists/Inbox';

/**
 * /admin/questions-webinars (teacher: reads and answers) and /admin/admin-questions (administrator:
 * the same threads, read-only), admin-back-office.md §2 Webinars.
 */
export default function QuestionsInboxPage() {
  const { t } = useTranslation('webinars');
  const readOnly = useLocation().pathname.startsWith('/admin/admin-questions');
  return (
    <Flex vertical gap={16} className="oqu-page">
      <PageTitle>{t('inbox.title')}</PageTitle>
      <Inbox layout="full" readOnly={readOnly} />
    </Flex>
  );
}
