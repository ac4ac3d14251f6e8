import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { Exam } from '@oqu/contracts';
import { Card, Skeleton, Table, Typography } from 'antd';
import { type HTMLAttributes, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { type ListColumn, useTableDetails } from '../../components/tableDetails';
import type { Layout } from '../testing/paths';
import { useMyExams } from './api';
import { ExamStatusPill, VerdictPill } from './ExamPills';
import { examinerNames } from './examRooms';
import { type ExamRoomsFormat, useExamRoomsFormat } from './useExamRoomsFormat';
import '../testing/testing.css';
import './examRooms.css';

/**
 * The trainee's exams on /user/tests and compact /test (learner-and-instructor.md §2 "exams and
 * tests"; GET /api/exam/getexam without parameters answers the caller's own exams): name, plan,
 * type, begin time, duration, status, examiners, their results (tests of the plan passed, 'P из T')
 * and the verdict once every examiner has signed. One section in either layout, its own heading
 * above the tests'.
 */
export function TraineeExams({ layout }: { layout: Layout }) {
  const { t } = useTranslation('examRooms');
  const headingId = useId();
  const exams = useMyExams();
  const format = useExamRoomsFormat();

  let content: React.ReactNode;
  if (exams.isError && !exams.data) content = <LoadError error={exams.error} onRetry={() => void exams.refetch()} />;
  else if (!exams.data)
    content = (
      <div role="status" aria-live="polite" aria-busy="true" data-testid="exams-loading">
        <span className="oqu-visually-hidden">{t('trainee.loading')}</span>
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      </div>
    );
  else if (exams.data.length === 0)
    content = (
      <EmptyState
        icon={SafetyCertificateOutlined}
        title={t('trainee.emptyTitle')}
        text={t('trainee.emptyText')}
        level={3}
        testId="no-exams"
      />
    );
  else if (layout === 'compact') content = <ExamCards exams={exams.data} format={format} />;
  else
    content = (
      <Card className="oqu-card oqu-tests-card">
        <ExamsTable exams={exams.data} format={format} caption={t('trainee.caption')} />
      </Card>
    );

  return (
    <section aria-labelledby={headingId} className="oqu-exam-section" data-testid="trainee-exams">
      <Typography.Title level={2} id={headingId} className="oqu-exam-section-title">
        {t('section.exams')}
      </Typography.Title>
      {content}
    </section>
  );
}

/** The trainee's results: passed of the plan's tests, and a note when below the exam's pass mark. */
function Results({ exam, format }: { exam: Exam; format: ExamRoomsFormat }) {
  const { t } = useTranslation('examRooms');
  if (!exam.Results) return <>—</>;
  return (
    <span className="oqu-exam-results" data-testid={`exam-results-${exam.ID}`}>
      <span title={format.resultsLabel(exam.Results)}>{format.results(exam.Results)}</span>
      {exam.BelowPassMark && <span className="oqu-exam-meta">{t('results.belowPassMark', { count: exam.PassMarks })}</span>}
    </span>
  );
}

function ExamsTable({ exams, format, caption }: { exams: readonly Exam[]; format: ExamRoomsFormat; caption: string }) {
  const { t } = useTranslation('examRooms');
  const columns: ListColumn<Exam>[] = [
    { key: 'number', title: t('fields.number'), width: 48, render: (_, __, index) => index + 1 },
    {
      key: 'exam',
      title: t('fields.exam'),
      rowScope: 'row',
      render: (_, exam) => (
        <span className="oqu-test-name">
          <span>{exam.Name}</span>
          <span className="oqu-test-meta">
            {t('fields.plan')}: {exam.Plan}
          </span>
          <span className="oqu-test-meta">{exam.Type}</span>
        </span>
      ),
    },
    {
      key: 'date',
      title: t('fields.dateTime'),
      render: (_, exam) => (
        <span className="oqu-exam-when">
          <span>{format.date(exam.BeginTime)}</span>
          <span>{format.time(exam.BeginTime)}</span>
        </span>
      ),
    },
    {
      key: 'duration',
      title: t('fields.duration'),
      render: (_, exam) => <span className="oqu-nowrap">{format.minutes(exam.Duration)}</span>,
    },
    { key: 'status', title: t('fields.status'), render: (_, exam) => <ExamStatusPill status={exam.Status} /> },
    { key: 'results', title: t('fields.results'), render: (_, exam) => <Results exam={exam} format={format} /> },
    { key: 'verdict', title: t('fields.verdict'), render: (_, exam) => <VerdictPill exam={exam} testId={`exam-verdict-${exam.ID}`} /> },
    { key: 'examiners', title: t('fields.examiners'), details: true, render: (_, exam) => examinerNames(exam) || '—' },
  ];
  const layout = useTableDetails(columns, undefined, (exam) => exam.Name);
  return (
    <Table<Exam>
      {...layout}
      className="oqu-tests-table oqu-list-table"
      rowKey="ID"
      dataSource={[...exams]}
      pagination={false}
      size="middle"
      aria-label={caption}
      onRow={(exam) => ({ 'data-testid': `exam-row-${exam.ID}`, 'data-status': exam.Status }) as HTMLAttributes<HTMLElement>}
    />
  );
}

function ExamCards({ exams, format }: { exams: readonly Exam[]; format: ExamRoomsFormat }) {
  const { t } = useTranslation('examRooms');
  return (
    <ol className="oqu-test-cards">
      {exams.map((exam, index) => (
        <li key={exam.ID} data-testid={`exam-row-${exam.ID}`} data-status={exam.Status}>
          <Card className="oqu-card oqu-test-card">
            <div className="oqu-test-card-head">
              <span className="oqu-test-card-number">
                {t('fields.number')} {index + 1}
              </span>
              <ExamStatusPill status={exam.Status} />
            </div>
            <Typography.Title level={3} className="oqu-test-card-title">
              {exam.Name}
            </Typography.Title>
            <p className="oqu-test-meta">
              {t('fields.plan')}: {exam.Plan}
            </p>
            <dl className="oqu-test-facts">
              <div>
                <dt>{t('fields.type')}</dt>
                <dd>{exam.Type}</dd>
              </div>
              <div>
                <dt>{t('fields.date')}</dt>
                <dd>{format.date(exam.BeginTime)}</dd>
              </div>
              <div>
                <dt>{t('fields.time')}</dt>
                <dd>{format.time(exam.BeginTime)}</dd>
              </div>
              <div>
                <dt>{t('fields.duration')}</dt>
                <dd>{format.minutes(exam.Duration)}</dd>
              </div>
              <div>
                <dt>{t('fields.examiners')}</dt>
                <dd>{examinerNames(exam) || '—'}</dd>
              </div>
              <div>
                <dt>{t('fields.results')}</dt>
                <dd>
                  <Results exam={exam} format={format} />
                </dd>
              </div>
              <div>
                <dt>{t('fields.verdict')}</dt>
                <dd>
                  <VerdictPill exam={exam} testId={`exam-verdict-${exam.ID}`} />
                </dd>
              </div>
            </dl>
          </Card>
        </li>
      ))}
    </ol>
  );
}
