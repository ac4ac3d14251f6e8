import { ArrowRightOutlined } from '@ant-design/icons';
import { Card, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ButtonLink';
import { testsListPath } from '../paths';
import { TestsList, UnsentAnswersWarning } from './TestsList';

/** The number of tests /user/main shows (learner-and-instructor.md §9). */
export const MAIN_PAGE_TESTS = 2;

/** /user/main's tests section: the first 2 tests and an "all" link to /user/tests. */
export function TestsSummary() {
  const { t } = useTranslation('testing');
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="oqu-summary oqu-tests-summary" data-testid="tests-summary">
      <Card className="oqu-card">
        <div className="oqu-summary-head">
          <Typography.Title level={2} id={headingId}>
            {t('main.title')}
          </Typography.Title>
          <ButtonLink
            to={testsListPath('full')}
            icon={<ArrowRightOutlined aria-hidden />}
            iconPlacement="end"
            aria-label={t('main.allLabel')}
            data-testid="tests-all"
          >
            {t('main.all')}
          </ButtonLink>
        </div>
        <UnsentAnswersWarning />
        <TestsList layout="full" limit={MAIN_PAGE_TESTS} />
      </Card>
    </section>
  );
}
