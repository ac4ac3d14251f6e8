import type { PlanTopicRow } from '@oqu/contracts';
import { Descriptions, type DescriptionsProps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TopicStatus } from './Badges';
import type { PlanFormat } from './format';
import { topicDetails, topicNumber, topicSchedule } from './plan';
import { TopicScorm } from './TopicScorm';
import { TopicTests } from './TopicTests';

export interface TopicContext {
  /** the plan's name */
  planName: string;
  /** the trainee's division (department) */
  division?: string;
  /** names of education types by id (11, 12), in the interface language */
  eduTypeNames: ReadonlyMap<number, string>;
}

/**
 * Everything about one topic: number, hours, date and time, status, plan, type and education type,
 * the plan texts (thematic, lesson plan, outline, equipment, aids), its tests and its SCORM courses.
 * Section headings start at `level` (3 under a page's h2, for example).
 */
export function TopicDetails({
  topic,
  context,
  format,
  level = 3,
}: {
  topic: PlanTopicRow;
  context: TopicContext;
  format: PlanFormat;
  level?: 2 | 3 | 4;
}) {
  const { t } = useTranslation(['learner', 'scorm']);
  const schedule = topicSchedule(topic.Date);
  const eduType = context.eduTypeNames.get(topic.EduType);
  const texts = topicDetails(topic);
  const sub = (level + 1) as 3 | 4 | 5;

  const facts: DescriptionsProps['items'] = [
    { key: 'number', label: t('topic.number'), children: topicNumber(topic) || '—' },
    { key: 'hours', label: t('topic.hours'), children: format.hours(topic.Studyhour) },
    ...(context.division ? [{ key: 'division', label: t('plan.division'), children: context.division }] : []),
    { key: 'date', label: t('topic.date'), children: schedule?.date ?? '—' },
    { key: 'time', label: t('topic.time'), children: schedule?.time ?? '—' },
    { key: 'status', label: t('topic.status'), children: <TopicStatus topic={topic} /> },
    { key: 'plan', label: t('topic.plan'), children: context.planName },
    { key: 'type', label: t('topic.type'), children: format.typeName(topic.TypeID) },
    ...(eduType ? [{ key: 'eduType', label: t('topic.eduType'), children: eduType }] : []),
  ];

  return (
    <div className="oqu-topic-details">
      <Descriptions className="oqu-facts" size="small" column={1} items={facts} />
      <section>
        <Typography.Title level={level} className="oqu-section-title">
          {t('topic.about')}
        </Typography.Title>
        {texts.length === 0 ? (
          <p className="oqu-muted oqu-detail-text">{t('topic.noDetails')}</p>
        ) : (
          <div className="oqu-topic-details">
            {texts.map(({ field, text }) => (
              <div key={field} className="oqu-detail-section">
                <Typography.Title level={sub} className="oqu-detail-heading">
                  {t(`topic.fields.${field}`)}
                </Typography.Title>
                <p className="oqu-detail-text">{text}</p>
              </div>
            ))}
          </div>
        )}
      </section>
      <section>
        <Typography.Title level={level} className="oqu-section-title">
          {t('topic.testsTitle')}
        </Typography.Title>
        <TopicTests tests={topic.Tests} format={format} cards />
      </section>
      {topic.Scorm?.length > 0 && (
        <section>
          <Typography.Title level={level} className="oqu-section-title">
            {t('scorm:plan.title')}
          </Typography.Title>
          <TopicScorm packages={topic.Scorm} cards />
        </section>
      )}
    </div>
  );
}
