import { ArrowLeftOutlined, FileSearchOutlined } from '@ant-design/icons';
import { Flex, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ButtonLink } from '../../components/ButtonLink';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { PageTitle } from '../../components/PageTitle';
import { ApiError } from '../../lib/api';
import { parseRoomId } from '../rooms/RoomGate';
import { type ExamTable, useExamTable } from './api';
import { useExamEvents } from './useExamEvents';

interface ExamTableGateProps {
  /** the page's title while the exam is not read */
  title: string;
  backTo: string;
  backLabel: string;
  children: (table: ExamTable, receivedAt: number) => ReactNode;
}

/**
 * The exam's trainees per region (GET /table/get?id=) for the page's `:id`, with its loading,
 * not-found and error states, kept fresh by the exam's event stream and the caller's own changes.
 */
export function ExamTableGate({ title, backTo, backLabel, children }: ExamTableGateProps) {
  const { t } = useTranslation('exams');
  const id = parseRoomId(useParams().id);
  const query = useExamTable(id ?? undefined);
  const { refetch } = query;
  // other examiners' votes, completion, signatures and trainees' results arrive pushed
  useExamEvents(id ?? undefined);

  if (query.data) return children(query.data, query.dataUpdatedAt);
  const back = (
    <ButtonLink to={backTo} icon={<ArrowLeftOutlined aria-hidden />}>
      {backLabel}
    </ButtonLink>
  );
  const missing = id === null || (query.error instanceof ApiError && query.error.status === 404);
  return (
    <Flex vertical gap={16}>
      <PageTitle extra={back}>{title}</PageTitle>
      {missing ? (
        <EmptyState icon={FileSearchOutlined} title={t('gate.notFoundTitle')} text={t('gate.notFoundText')} testId="exam-not-found" />
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={() => void refetch()} />
      ) : (
        <Skeleton active />
      )}
    </Flex>
  );
}
