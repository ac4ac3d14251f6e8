import type { Topic } from '@oqu/contracts';
import { Button, Descriptions, Modal, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { formatDate, formatTime } from '../../lib/dates';
import { dictionaryName, formatHours } from './format';
import { useEduTypes, useTopicTypes } from './pickers';

/** Long texts keep the line breaks they were typed with. */
function Text({ value }: { value: string }) {
  const { t } = useTranslation('catalogue');
  if (!value.trim()) return <Typography.Text type="secondary">{t('topics.notFilled')}</Typography.Text>;
  return <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{value}</div>;
}

/** The info popup of /admin/themes: every field of a topic (admin-back-office.md §2, §3 Topic). */
export function TopicInfoModal({ topic, onClose }: { topic: Topic | null; onClose: () => void }) {
  const { t } = useTranslation('catalogue');
  const topicTypes = useTopicTypes();
  const eduTypes = useEduTypes();
  const locale = currentLanguage();

  const items: { key: string; label: string; children: ReactNode }[] = topic
    ? [
        { key: 'number', label: t('topics.number'), children: topic.IDNumber || '—' },
        { key: 'plan', label: t('topics.plan'), children: topic.Plan },
        { key: 'name', label: t('topics.name'), children: topic.Name },
        { key: 'type', label: t('topics.type'), children: dictionaryName(topicTypes.data, topic.TypeID) },
        { key: 'eduType', label: t('topics.eduType'), children: dictionaryName(eduTypes.data, topic.EduType) },
        { key: 'position', label: t('topics.position'), children: topic.Position },
        { key: 'hours', label: t('topics.hours'), children: formatHours(topic.TotalHour, locale) },
        {
          key: 'date',
          label: t('topics.date'),
          children: topic.Date ? `${formatDate(topic.Date)} ${formatTime(topic.Date)}` : t('topics.noDate'),
        },
        { key: 'tests', label: t('topics.testCount'), children: topic.Testcount },
        { key: 'description', label: t('topics.description'), children: <Text value={topic.Description} /> },
        { key: 'thematic', label: t('topics.thematic'), children: <Text value={topic.Thematic} /> },
        { key: 'textOne', label: t('topics.textOne'), children: <Text value={topic.TextOne} /> },
        { key: 'textTwo', label: t('topics.textTwo'), children: <Text value={topic.TextTwo} /> },
        { key: 'textThree', label: t('topics.textThree'), children: <Text value={topic.TextThree} /> },
        { key: 'textFour', label: t('topics.textFour'), children: <Text value={topic.TextFour} /> },
      ]
    : [];

  return (
    <Modal
      open={topic !== null}
      title={topic ? t('topics.infoTitle', { name: topic.Name }) : ''}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('common:actions.close')}</Button>}
      width={760}
      destroyOnHidden
    >
      <Descriptions bordered size="small" column={1} items={items} styles={{ label: { width: 200, verticalAlign: 'top' } }} />
    </Modal>
  );
}
