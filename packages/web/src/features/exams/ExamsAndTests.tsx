import { Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TestsList, UnsentAnswersWarning } from '../testing/components/TestsList';
import type { Layout } from '../testing/paths';
import { TraineeExams } from './TraineeExams';

/**
 * The content of /user/tests and compact /test (learner-and-instructor.md §2 "exams and tests"):
 * the trainee's exams, then the tests of their plan, each under its own heading.
 */
export function ExamsAndTests({ layout }: { layout: Layout }) {
  const { t } = useTranslation('examRooms');
  const testsHeading = useId();
  return (
    <>
      <UnsentAnswersWarning />
      <TraineeExams layout={layout} />
      <section aria-labelledby={testsHeading} data-testid="trainee-tests">
        <Typography.Title level={2} id={testsHeading} className="oqu-exam-section-title">
          {t('section.tests')}
        </Typography.Title>
        <TestsList layout={layout} titled />
      </section>
    </>
  );
}
