import { ArrowLeftOutlined, MessageOutlined } from '@ant-design/icons';
import type { Problem } from '@oqu/contracts';
import { Button, Card, Flex, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError } from '../../../components/LoadError';
import { errorMessage } from '../../../lib/api';
import { answerProblem, markProblemRead, uploadAnswerFile, useProblems } from '../api';
import { Conversation } from './Conversation';
import { useWebinarFormat } from './format';
import { useRefreshThreads } from './hooks';
import type { Layout } from './paths';
import { ReplyBox, type SendOutcome } from './ReplyBox';
import { ListSkeleton } from './States';
import { lastActivity, lastText, sortThreads } from './status';
import './lists.css';

/** Threads shown at first and added by "show more". */
const THREADS_STEP = 20;
/** New questions arrive without the room's event stream: the inbox looks again this often. */
const INBOX_REFRESH_MS = 30_000;

interface InboxProps {
  layout: Layout;
  /** the administrator's view (admin-back-office.md §2 admin-questions): no reply box, nothing marked read */
  readOnly: boolean;
}

/**
 * The questions inbox (admin-back-office.md §2 questions-webinars, admin-questions; learner-and-instructor.md
 * §2 compact questions-webinars): threads on the left, the newest first with unread markers; the
 * chosen one (kept in the URL as `?thread=`) on the right, marked read when it is opened and again when
 * a new message arrives while it is open, with the reply box and an optional file. The compact
 * layout shows the list or the conversation, with a way back.
 */
export function Inbox({ layout, readOnly }: InboxProps) {
  const { t } = useTranslation('webinars');
  const problems = useProblems();
  const [params, setParams] = useSearchParams();
  const [shown, setShown] = useState(THREADS_STEP);
  const selectedId = Number(params.get('thread')) || null;

  const refetch = problems.refetch;
  useEffect(() => {
    const timer = setInterval(() => void refetch(), INBOX_REFRESH_MS);
    return () => clearInterval(timer);
  }, [refetch]);

  if (problems.isError && !problems.data) return <LoadError error={problems.error} onRetry={() => void problems.refetch()} />;
  if (!problems.data) return <ListSkeleton rows={6} testId="inbox-loading" />;
  if (problems.data.length === 0)
    return <EmptyState icon={MessageOutlined} title={t('inbox.emptyTitle')} text={t('inbox.emptyText')} testId="inbox-empty" />;

  const threads = sortThreads(problems.data);
  const selected = threads.find((thread) => thread.ID === selectedId) ?? null;
  const select = (id: number | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === null) next.delete('thread');
        else next.set('thread', String(id));
        return next;
      },
      { replace: layout === 'full' },
    );

  const list = (
    <ThreadList
      threads={threads.slice(0, Math.max(shown, threads.findIndex((thread) => thread.ID === selectedId) + 1))}
      total={threads.length}
      selectedId={selected?.ID ?? null}
      onSelect={select}
      onMore={() => setShown((count) => count + THREADS_STEP)}
    />
  );
  const conversation = selected ? (
    <ThreadPane key={selected.ID} problem={selected} readOnly={readOnly} onBack={layout === 'compact' ? () => select(null) : undefined} />
  ) : (
    <EmptyState icon={MessageOutlined} level={3} bare text={t('inbox.choose')} testId="inbox-none-chosen" />
  );

  if (layout === 'compact') return selected ? <Card className="oqu-card">{conversation}</Card> : list;
  return (
    <div className="oqu-inbox">
      {list}
      <Card className="oqu-card oqu-inbox-pane">{conversation}</Card>
    </div>
  );
}

interface ThreadListProps {
  threads: Problem[];
  total: number;
  selectedId: number | null;
  onSelect: (id: number) => void;
  onMore: () => void;
}

function ThreadList({ threads, total, selectedId, onSelect, onMore }: ThreadListProps) {
  const { t } = useTranslation('webinars');
  const format = useWebinarFormat();
  return (
    <nav className="oqu-inbox-list" aria-label={t('inbox.threads')}>
      <ul>
        {threads.map((thread) => (
          <li key={thread.ID}>
            <button
              type="button"
              className={thread.ID === selectedId ? 'oqu-inbox-thread oqu-inbox-thread-selected' : 'oqu-inbox-thread'}
              aria-current={thread.ID === selectedId ? 'true' : undefined}
              onClick={() => onSelect(thread.ID)}
              data-testid={`inbox-thread-${thread.ID}`}
              data-read={thread.Read}
            >
              <span className="oqu-inbox-thread-head">
                <span className="oqu-inbox-thread-name">{thread.User.Fullname}</span>
                <time dateTime={new Date(lastActivity(thread)).toISOString()}>
                  {format.dateTime(new Date(lastActivity(thread)).toISOString())}
                </time>
              </span>
              <span className="oqu-inbox-thread-webinar">{thread.Webinar.Webinarname}</span>
              <span className="oqu-inbox-thread-text">{lastText(thread)}</span>
              {!thread.Read && (
                <span className="oqu-unread">
                  <span className="oqu-unread-dot" aria-hidden />
                  {t('inbox.unread')}
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
      {threads.length < total && (
        <Button block onClick={onMore} data-testid="inbox-more">
          {t('inbox.more', { count: total - threads.length })}
        </Button>
      )}
    </nav>
  );
}

/** One thread: who asked about what, the conversation, the reply box. */
function ThreadPane({ problem, readOnly, onBack }: { problem: Problem; readOnly: boolean; onBack?: () => void }) {
  const { t } = useTranslation('webinars');
  const format = useWebinarFormat();
  const refresh = useRefreshThreads();
  const [readError, setReadError] = useState<string | null>(null);

  // marked read on opening, and again when a new message came in while it is open
  const marked = useRef<string | null>(null);
  const state = `${problem.ID}:${lastActivity(problem)}`;
  useEffect(() => {
    if (readOnly || problem.Read || marked.current === state) return;
    marked.current = state;
    markProblemRead(problem.ID)
      .then(() => refresh())
      .catch((error) => setReadError(errorMessage(error, t('common:errors.network'))));
  }, [readOnly, problem.Read, problem.ID, state, refresh, t]);

  async function send(text: string, file: File | null, onProgress: (percent: number) => void): Promise<SendOutcome> {
    const answer = await answerProblem(problem.ID, text);
    let outcome: SendOutcome;
    if (file) {
      try {
        await uploadAnswerFile(answer.data.ID, file, onProgress);
      } catch (error) {
        outcome = { fileError: errorMessage(error, t('common:errors.network')) };
      }
    }
    await refresh();
    return outcome;
  }

  return (
    <Flex vertical gap={12} data-testid={`inbox-pane-${problem.ID}`}>
      {onBack && (
        <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={onBack} style={{ alignSelf: 'flex-start' }} data-testid="inbox-back">
          {t('inbox.back')}
        </Button>
      )}
      <div>
        <Typography.Title level={2} className="oqu-inbox-pane-title">
          {problem.User.Fullname}
        </Typography.Title>
        <Typography.Text type="secondary">
          {[problem.User.Duty, problem.Webinar.Webinarname, format.dateTime(problem.Webinar.Startdate)].filter(Boolean).join(' · ')}
        </Typography.Text>
      </div>
      {readError && (
        <Typography.Text type="danger" role="alert">
          {readError}
        </Typography.Text>
      )}
      <Conversation problem={problem} viewer="staff" />
      {readOnly ? (
        <Typography.Text type="secondary" data-testid="inbox-read-only">
          {t('inbox.readOnly')}
        </Typography.Text>
      ) : (
        <ReplyBox label={t('inbox.replyLabel')} withFile onSend={send} />
      )}
    </Flex>
  );
}
