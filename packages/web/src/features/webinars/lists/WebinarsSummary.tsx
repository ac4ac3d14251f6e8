import { ArrowRightOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { SECTIONS } from '@oqu/contracts';
import { Card, Typography } from 'antd';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ButtonLink';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError } from '../../../components/LoadError';
import { useLearnerWebinars } from '../api';
import { WebinarStatusTag } from '../WebinarStatusTag';
import { useWebinarFormat } from './format';
import { useNow, useReloadWhenDue } from './hooks';
import { LearnerActions } from './LearnerWebinars';
import { ListSkeleton } from './States';
import { firstWebinars, webinarStatusKey } from './status';
import './lists.css';
import { RecordText } from '../../../components/RecordText';

/** How many webinars /user/main shows. */
export const MAIN_PAGE_WEBINARS = 3;

/** /user/main's webinars section (learner-and-instructor.md §2): what is on now, next, or last, and "all". */
export function WebinarsSummary() {
  const { t } = useTranslation('webinars');
  const format = useWebinarFormat();
  const headingId = useId();
  const list = useLearnerWebinars();
  const now = useNow();
  useReloadWhenDue(list.data, now, () => void list.refetch());

  let body: ReactNode;
  if (list.isError && !list.data) body = <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  else if (!list.data) body = <ListSkeleton rows={3} />;
  else if (list.data.length === 0)
    body = <EmptyState icon={VideoCameraOutlined} level={3} bare text={t('learner.emptyAll')} testId="webinars-summary-empty" />;
  else
    body = (
      <ul className="oqu-webinar-summary-list">
        {firstWebinars(list.data, MAIN_PAGE_WEBINARS).map((webinar) => {
          const key = webinarStatusKey(webinar.Status);
          const group = key === 'live' ? 'current' : key === 'waiting' ? 'upcoming' : 'past';
          return (
            <li key={webinar.ID} className="oqu-webinar-summary-item" data-testid={`summary-webinar-${webinar.ID}`}>
              <div className="oqu-webinar-summary-main">
                <Typography.Text strong>
                  <RecordText>{webinar.Webinarname}</RecordText>
                </Typography.Text>
                <span className="oqu-webinar-summary-meta">
                  <WebinarStatusTag status={webinar.Status} />
                  <span>{format.dateTime(webinar.Startdate)}</span>
                </span>
              </div>
              <LearnerActions group={group} webinar={webinar} now={now} layout="full" />
            </li>
          );
        })}
      </ul>
    );

  return (
    <section aria-labelledby={headingId} className="oqu-summary oqu-webinars-summary" data-testid="webinars-summary">
      <Card className="oqu-card">
        <div className="oqu-summary-head">
          <Typography.Title level={2} id={headingId}>
            {t('main.title')}
          </Typography.Title>
          <ButtonLink
            to={SECTIONS.learnerWebinars.path}
            icon={<ArrowRightOutlined aria-hidden />}
            iconPlacement="end"
            aria-label={t('main.allLabel')}
            data-testid="webinars-all"
          >
            {t('main.all')}
          </ButtonLink>
        </div>
        {body}
      </Card>
    </section>
  );
}
