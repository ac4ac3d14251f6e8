import { ArrowLeftOutlined, HomeOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Card, Flex, Typography } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { ButtonLink } from '../../../components/ButtonLink';
import { LoadError } from '../../../components/LoadError';
import { PageTitle } from '../../../components/PageTitle';
import { isRecordId } from '../../../lib/api';
import { answerProblem, fetchProblems, useWebinar, useWebinarMutation, webinarsKeys } from '../api';
import { AskForm } from './AskForm';
import { Conversation } from './Conversation';
import { useWebinarFormat } from './format';
import { type Layout, LEARNER_PATHS } from './paths';
import { ReplyBox } from './ReplyBox';
import { ListSkeleton } from './States';
import './lists.css';

/**
 * The trainee's question about a webinar (learner-and-instructor.md §2 chat-webinar,
 * chat-webinar-messages, compact webinar-chatquestions; §4 question thread):
 * - `ask` (/user/chat-webinar/{id}): the question form, or straight to the conversation when the
 *   trainee already has a thread for the webinar; after sending, the conversation;
 * - `thread` (/user/chat-webinar-messages/{id}, and the compact screen): the webinar on the left, the
 *   conversation with the reply box on the right (the question form while there is no thread yet).
 * Loading the thread marks it read on the server, so the lists' unread markers are refreshed.
 */
export function LearnerQuestion({ mode, layout }: { mode: 'ask' | 'thread'; layout: Layout }) {
  const { t } = useTranslation('webinars');
  const navigate = useNavigate();
  const client = useQueryClient();
  const param = useParams().id;
  const id = Number(param);
  const valid = isRecordId(id);
  const paths = LEARNER_PATHS[layout];
  const problems = useQuery({ queryKey: webinarsKeys.problems(id), queryFn: () => fetchProblems(id), enabled: valid });
  const thread = problems.data?.[0];
  // without a thread the webinar's own record names it
  const webinar = useWebinar(valid && problems.isSuccess && !thread ? id : undefined);
  const reply = useWebinarMutation(({ problem, text }: { problem: number; text: string }) => answerProblem(problem, text));

  const loadedAt = problems.dataUpdatedAt;
  useEffect(() => {
    if (loadedAt) void client.invalidateQueries({ queryKey: webinarsKeys.learner });
  }, [loadedAt, client]);

  const title = t(mode === 'ask' ? 'ask.title' : 'thread.title');
  if (!valid)
    return (
      <section className="oqu-page">
        <PageTitle>{title}</PageTitle>
        <Alert type="error" showIcon title={t('common:errors.notFound')} />
      </section>
    );
  if (mode === 'ask' && thread) return <Navigate to={paths.thread(id)} replace />;

  let content: ReactNode;
  if (problems.isError && !problems.data) content = <LoadError error={problems.error} onRetry={() => void problems.refetch()} />;
  else if (!problems.data) content = <ListSkeleton rows={5} testId="thread-loading" />;
  else if (thread)
    content = (
      <Flex vertical gap={12}>
        <Conversation problem={thread} viewer="learner" />
        <ReplyBox
          label={t('thread.replyLabel')}
          onSend={async (text) => {
            await reply.mutateAsync({ problem: thread.ID, text });
            return undefined;
          }}
        />
      </Flex>
    );
  else content = <AskForm webinarId={id} onAsked={() => (mode === 'ask' ? navigate(paths.thread(id)) : undefined)} />;

  const info = thread?.Webinar ?? (webinar.data && { ...webinar.data, Teacher: webinar.data.Teacher.Fullname });
  const infoCard = (
    <Card className="oqu-card oqu-thread-info" data-testid="thread-webinar">
      {info ? (
        <WebinarInfo name={info.Webinarname} startdate={info.Startdate} teacher={info.Teacher} description={info.Description} />
      ) : webinar.isError ? (
        <LoadError error={webinar.error} onRetry={() => void webinar.refetch()} />
      ) : (
        <ListSkeleton rows={3} testId="thread-webinar-loading" />
      )}
    </Card>
  );

  const back = (
    <Flex gap={8} wrap>
      <ButtonLink to={paths.list} icon={<ArrowLeftOutlined aria-hidden />} data-testid="thread-back-webinars">
        {t('thread.backToWebinars')}
      </ButtonLink>
      {layout === 'full' && (
        <ButtonLink to={paths.home} icon={<HomeOutlined aria-hidden />} data-testid="thread-back-main">
          {t('thread.backToMain')}
        </ButtonLink>
      )}
    </Flex>
  );

  return (
    <section className="oqu-page">
      <PageTitle extra={back}>{title}</PageTitle>
      <div className={layout === 'full' ? 'oqu-thread-layout' : 'oqu-thread-layout oqu-thread-layout-compact'}>
        {infoCard}
        <Card className="oqu-card oqu-thread-card">{content}</Card>
      </div>
    </section>
  );
}

/** The webinar a thread is about: name, date, teacher and description. */
export function WebinarInfo({
  name,
  startdate,
  teacher,
  description,
}: {
  name: string;
  startdate: string;
  teacher: string;
  description: string;
}) {
  const { t } = useTranslation('webinars');
  const format = useWebinarFormat();
  return (
    <div className="oqu-webinar-info">
      <Typography.Title level={2} className="oqu-webinar-info-title">
        {name}
      </Typography.Title>
      <dl className="oqu-webinar-facts">
        <div>
          <dt>{t('fields.dateTime')}</dt>
          <dd>{format.dateTime(startdate)}</dd>
        </div>
        <div>
          <dt>{t('fields.teacher')}</dt>
          <dd>{teacher || '—'}</dd>
        </div>
      </dl>
      {description && <Typography.Paragraph className="oqu-webinar-info-description">{description}</Typography.Paragraph>}
    </div>
  );
}
