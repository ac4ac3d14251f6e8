import { BarChartOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { EXAM_STATUS, type Exam } from '@oqu/contracts';
import { App, Button, Flex, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ButtonLink } from '../../components/ButtonLink';
import type { ListColumn } from '../../components/tableDetails';
import { errorMessage } from '../../lib/api';
import { Clipped } from '../tests/components/Clipped';
import { ExamStatusPill } from './ExamPills';
import { examDateTime } from './format';
import { useExamPaths } from './paths';
import { ExamStartCancelled, useExamStartCheck } from './start';

/**
 * The report card lists (admin-back-office.md §2 Report cards and results): the examiner's own exams
 * and the administrator's all-exams list share their columns; each adds its own action.
 */
export function reportCardColumns(t: TFunction, action: (exam: Exam) => React.ReactNode, narrow: boolean): ListColumn<Exam>[] {
  return [
    {
      title: t('fields.name'),
      key: 'name',
      render: (_, exam) => (narrow ? <NarrowName exam={exam} /> : <Clipped text={exam.Name} width={240} strong />),
    },
    { title: t('fields.plan'), key: 'plan', details: true, render: (_, exam) => exam.Plan || '—' },
    {
      title: t('fields.when'),
      key: 'begin',
      details: narrow,
      render: (_, exam) => <span style={{ whiteSpace: 'nowrap' }}>{examDateTime(exam.BeginTime)}</span>,
    },
    { title: t('fields.status'), key: 'status', details: narrow, render: (_, exam) => <ExamStatusPill status={exam.Status} /> },
    { title: t('reportCard.action'), key: 'action', render: (_, exam) => action(exam) },
  ];
}

/** An exam's name on a phone, with its date and status under it (their columns go into the details). */
export function NarrowName({ exam }: { exam: Exam }) {
  return (
    <Flex vertical gap={4} align="flex-start">
      <Clipped text={exam.Name} width={170} rows={3} strong />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {examDateTime(exam.BeginTime)}
      </Typography.Text>
      <ExamStatusPill status={exam.Status} />
    </Flex>
  );
}

/** 'Results' once the exam is over (`to`: the examiner's or the administrator's results page). */
export function ResultsLink({ exam, to }: { exam: Exam; to: (id: number) => string }) {
  const { t } = useTranslation('exams');
  if (exam.Status !== EXAM_STATUS.Finished) return null;
  return (
    <ButtonLink
      to={to(exam.ID)}
      size="small"
      icon={<BarChartOutlined aria-hidden />}
      aria-label={t('reportCard.resultsOf', { name: exam.Name })}
      data-testid={`exam-results-${exam.ID}`}
    >
      {t('reportCard.results')}
    </ButtonLink>
  );
}

/** The examiner's 'Start' while the exam is in progress: the check before the room, then the room. */
export function StartExamButton({ exam }: { exam: Exam }) {
  const { t } = useTranslation('exams');
  const { message: toast } = App.useApp();
  const navigate = useNavigate();
  const paths = useExamPaths();
  const { beforeExamStart, dialog } = useExamStartCheck();
  if (exam.Status !== EXAM_STATUS.Live) return null;

  // no loading state: with the check off this resolves at once, with it on the check's dialog covers the page
  async function start() {
    try {
      await beforeExamStart(exam.ID);
      navigate(paths.conduct(exam.ID));
    } catch (error) {
      if (!(error instanceof ExamStartCancelled)) toast.error(errorMessage(error, t('common:errors.network')));
    }
  }

  return (
    <>
      <Button
        type="primary"
        size="small"
        icon={<PlayCircleOutlined aria-hidden />}
        onClick={() => void start()}
        aria-label={t('reportCard.startOf', { name: exam.Name })}
        data-testid={`exam-start-${exam.ID}`}
      >
        {t('reportCard.start')}
      </Button>
      {dialog}
    </>
  );
}
