import { MessageOutlined } from '@ant-design/icons';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ButtonLink';
import { PageTitle } from '../../../components/PageTitle';
import { useTeacherWebinars } from '../../../features/webinars/api';
import { InstructorWebinars } from '../../../features/webinars/lists/InstructorWebinars';
import { INSTRUCTOR_PATHS } from '../../../features/webinars/lists/paths';

/** /admin/webinar (admin-back-office.md §2): the teacher's own webinars with the countdown and the start control. */
export default function TeacherWebinarsPage() {
  const { t } = useTranslation('webinars');
  const webinars = useTeacherWebinars();
  return (
    <Flex vertical gap={16} className="oqu-page">
      <PageTitle
        extra={
          <ButtonLink to={INSTRUCTOR_PATHS.full.inbox} icon={<MessageOutlined aria-hidden />}>
            {t('teacher.questions')}
          </ButtonLink>
        }
      >
        {t('teacher.title')}
      </PageTitle>
      <InstructorWebinars layout="full" query={webinars} canStart />
    </Flex>
  );
}
