import { CheckCircleOutlined, ClockCircleOutlined, FormOutlined, PlayCircleOutlined, StarOutlined } from '@ant-design/icons';
import type { WebinarTest } from '@oqu/contracts';
import { App, Button, Card, Flex, Table, Typography } from 'antd';
import { type HTMLAttributes, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ButtonLink';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError } from '../../../components/LoadError';
import { type PillTone, StatusPill } from '../../../components/StatusPill';
import { type ListColumn, useTableDetails } from '../../../components/tableDetails';
import { useConfirm } from '../../../components/useConfirm';
import { errorMessage } from '../../../lib/api';
import { formatTime } from '../../../lib/dates';
import { useIsNarrow } from '../../../lib/media';
import { StatusTag } from '../../testing/components/StatusTag';
import { useTestingFormat } from '../../testing/format';
import { openWebinarTest, useWebinarMutation, useWebinarTests } from '../api';
import { type Layout, LEARNER_PATHS } from './paths';
import { ListSkeleton } from './States';
import { type OpeningRight, type StaffTestState, staffTestState, traineeCanStart, traineeHasResult } from './tests';
import './lists.css';

export type TestsViewer = 'staff' | 'learner';

interface WebinarTestsProps {
  webinarId: number;
  viewer: TestsViewer;
  layout: Layout;
  /** Staff: whether the caller may open the tests now (`openingRight`). */
  opening?: OpeningRight;
}

/**
 * A webinar's tests (learner-and-instructor.md §2 test-list, webinar-exams; admin-back-office.md §2
 * webinar-exams, §4 webinar test status). Staff: a test not opened yet offers "start testing" to
 * whoever may open it now (asked first; the list reloads and a "testing started" dialog follows) —
 * the webinar's teacher outside its time sees it disabled with the reason, others not at all; a
 * running one says until when, a finished one how many finished it. Trainee: their status and
 * result, and "start" while it is open.
 */
export function WebinarTests({ webinarId, viewer, layout, opening = 'none' }: WebinarTestsProps) {
  const { t } = useTranslation('webinars');
  const tests = useWebinarTests(webinarId);
  const narrow = useIsNarrow();

  if (tests.isError && !tests.data) return <LoadError error={tests.error} onRetry={() => void tests.refetch()} />;
  if (!tests.data) return <ListSkeleton rows={4} testId="webinar-tests-loading" />;
  const list = tests.data.data;
  if (list.length === 0)
    return (
      <EmptyState icon={FormOutlined} title={t('tests.emptyTitle')} text={t(`tests.emptyText.${viewer}`)} testId="webinar-tests-empty" />
    );

  const mainId = tests.data.exam?.ID ?? null;
  const Action = viewer === 'staff' ? StaffAction : LearnerAction;
  const Status = viewer === 'staff' ? StaffStatus : LearnerStatus;
  const Outcome = viewer === 'staff' ? StaffOutcome : LearnerOutcome;
  const parts = { Action, Status, Outcome, layout, mainId, opening };

  // cards on a phone in either layout: the table's columns do not fit its width
  if (layout === 'compact' || narrow)
    return (
      <ul className="oqu-webinar-cards" aria-label={t('tests.title')}>
        {list.map((test) => (
          <li key={test.ID} data-testid={`webinar-test-${test.ID}`}>
            <TestCard test={test} {...parts} />
          </li>
        ))}
      </ul>
    );
  return <TestsTable tests={list} {...parts} />;
}

interface ActionProps {
  test: WebinarTest;
  layout: Layout;
  opening: OpeningRight;
}

interface Parts {
  Action: (props: ActionProps) => ReactNode;
  Status: (props: { test: WebinarTest }) => ReactNode;
  Outcome: (props: { test: WebinarTest }) => ReactNode;
  layout: Layout;
  mainId: number | null;
  opening: OpeningRight;
}

function TestName({ test, mainId }: { test: WebinarTest; mainId: number | null }) {
  const { t } = useTranslation('webinars');
  return (
    <Flex vertical gap={2} style={{ maxWidth: 320 }}>
      <Flex gap={8} align="center" wrap>
        <Typography.Text strong>{test.Test}</Typography.Text>
        {test.ID === mainId && (
          <span className="oqu-main-test">
            <StarOutlined aria-hidden /> {t('tests.main')}
          </span>
        )}
      </Flex>
      {test.Topic && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {test.Topic}
        </Typography.Text>
      )}
    </Flex>
  );
}

function TestsTable({ tests, Action, Status, Outcome, layout, mainId, opening }: Parts & { tests: WebinarTest[] }) {
  const { t } = useTranslation('webinars');
  const columns: ListColumn<WebinarTest>[] = [
    { title: t('tests.name'), key: 'name', render: (_, test) => <TestName test={test} mainId={mainId} /> },
    {
      title: t('fields.duration'),
      key: 'duration',
      align: 'right',
      details: true,
      render: (_, test) => t('common:units.minute', { count: test.Duration }),
    },
    { title: t('tests.questions'), key: 'questions', align: 'right', dataIndex: 'Questions', details: true },
    { title: t('fields.status'), key: 'status', render: (_, test) => <Status test={test} /> },
    { title: t('tests.result'), key: 'result', render: (_, test) => <Outcome test={test} /> },
    { title: t('tests.action'), key: 'action', render: (_, test) => <Action test={test} layout={layout} opening={opening} /> },
  ];
  const table = useTableDetails(columns, undefined, (test) => test.Test);
  return (
    <Card className="oqu-card oqu-webinar-table-card">
      <Table<WebinarTest>
        {...table}
        rowKey="ID"
        dataSource={tests}
        size="middle"
        className="oqu-list-table"
        onRow={(test) => ({ 'data-testid': `webinar-test-${test.ID}` }) as HTMLAttributes<HTMLElement>}
        pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
      />
    </Card>
  );
}

function TestCard({ test, Action, Status, Outcome, layout, mainId, opening }: Parts & { test: WebinarTest }) {
  const { t } = useTranslation('webinars');
  return (
    <Card className="oqu-card oqu-webinar-card">
      <div className="oqu-webinar-card-head">
        <Status test={test} />
      </div>
      <TestName test={test} mainId={mainId} />
      <dl className="oqu-webinar-facts">
        <div>
          <dt>{t('fields.duration')}</dt>
          <dd>{t('common:units.minute', { count: test.Duration })}</dd>
        </div>
        <div>
          <dt>{t('tests.questions')}</dt>
          <dd>{test.Questions}</dd>
        </div>
        <div>
          <dt>{t('tests.result')}</dt>
          <dd>
            <Outcome test={test} />
          </dd>
        </div>
      </dl>
      <Action test={test} layout={layout} opening={opening} />
    </Card>
  );
}

// ---- staff ----

const STAFF_ICONS: Record<StaffTestState, ReactNode> = {
  startable: <ClockCircleOutlined aria-hidden />,
  running: <PlayCircleOutlined aria-hidden />,
  over: <CheckCircleOutlined aria-hidden />,
  unknown: null,
};
const STAFF_TONES: Record<StaffTestState, PillTone> = { startable: 'blue', running: 'green', over: 'grey', unknown: 'grey' };

function StaffStatus({ test }: { test: WebinarTest }) {
  const { t } = useTranslation('webinars');
  const state = staffTestState(test.Status);
  return (
    <StatusPill tone={STAFF_TONES[state]} icon={STAFF_ICONS[state]} status={test.Status}>
      {state === 'unknown' ? test.Status : t(`tests.staffStatus.${state}`)}
    </StatusPill>
  );
}

/** 'Пройден' shows how many finished it (§4 "a count line"); a running test until when it runs. */
function StaffOutcome({ test }: { test: WebinarTest }) {
  const { t } = useTranslation('webinars');
  const state = staffTestState(test.Status);
  if (state === 'over' || (state === 'running' && test.Result !== null))
    return <span data-testid={`webinar-test-finished-${test.ID}`}>{t('tests.finishedCount', { count: test.Result ?? 0 })}</span>;
  return <span className="oqu-muted">—</span>;
}

function StaffAction({ test, opening }: ActionProps) {
  const { t } = useTranslation('webinars');
  const { message: toast, modal } = App.useApp();
  const ask = useConfirm();
  const open = useWebinarMutation(openWebinarTest);
  const [busy, setBusy] = useState(false);
  const state = staffTestState(test.Status);

  if (state === 'running')
    return test.Deadline ? <span style={{ whiteSpace: 'nowrap' }}>{t('tests.runsUntil', { time: formatTime(test.Deadline) })}</span> : null;
  if (state !== 'startable' || opening === 'none') return null;
  if (opening === 'notLive')
    return (
      <Flex vertical gap={4} align="flex-start">
        <Button
          icon={<PlayCircleOutlined aria-hidden />}
          disabled
          aria-describedby={`webinar-test-closed-${test.ID}`}
          data-testid={`webinar-test-start-${test.ID}`}
        >
          {t('tests.start')}
        </Button>
        <Typography.Text type="secondary" id={`webinar-test-closed-${test.ID}`} style={{ fontSize: 12 }}>
          {t('tests.onlyWhileLive')}
        </Typography.Text>
      </Flex>
    );

  async function start() {
    setBusy(true);
    try {
      await open.mutateAsync(test.ID);
      modal.success({
        title: t('tests.startedTitle'),
        content: t('tests.startedText', { name: test.Test, count: test.Duration }),
        okText: t('common:actions.close'),
      });
    } catch (error) {
      toast.error(errorMessage(error, t('common:errors.network')));
    } finally {
      setBusy(false);
    }
  }

  function confirm() {
    ask({
      title: t('tests.confirmStart', { name: test.Test }),
      content: t('tests.confirmStartHint', { count: test.Duration }),
      okText: t('tests.start'),
      cancelText: t('common:actions.cancel'),
      onOk: start,
    });
  }

  return (
    <Button
      type="primary"
      icon={<PlayCircleOutlined aria-hidden />}
      loading={busy}
      onClick={confirm}
      aria-label={t('tests.startOf', { name: test.Test })}
      data-testid={`webinar-test-start-${test.ID}`}
    >
      {t('tests.start')}
    </Button>
  );
}

// ---- trainee ----

function LearnerStatus({ test }: { test: WebinarTest }) {
  const format = useTestingFormat();
  return <StatusTag status={test.Status} format={format} />;
}

function LearnerOutcome({ test }: { test: WebinarTest }) {
  const { t } = useTranslation('webinars');
  if (!traineeHasResult(test.Status, test.Result)) return <span className="oqu-muted">—</span>;
  return <span style={{ whiteSpace: 'nowrap' }}>{t('tests.resultValue', { correct: test.Result, total: test.Questions })}</span>;
}

function LearnerAction({ test, layout }: { test: WebinarTest; layout: Layout }) {
  const { t } = useTranslation('webinars');
  if (!traineeCanStart(test.Status)) return null;
  return (
    <ButtonLink
      to={LEARNER_PATHS[layout].testing(test.ID)}
      type="primary"
      icon={<PlayCircleOutlined aria-hidden />}
      block={layout === 'compact'}
      aria-label={t('tests.takeOf', { name: test.Test })}
      data-testid={`webinar-test-start-${test.ID}`}
    >
      {t('tests.take')}
    </ButtonLink>
  );
}
