import { FileSearchOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Card, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ButtonLink';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { PageTitle } from '../../components/PageTitle';
import { ApiError } from '../../lib/api';
import type { ConnectionState } from './stream';
import './rooms.css';

/** Whether the room hears events as they happen, or falls back to reading every 5 seconds. */
export function ConnectionIndicator({ state }: { state: ConnectionState }) {
  const { t } = useTranslation('rooms');
  return (
    <span className={`oqu-conn oqu-conn-${state}`} role="status" data-testid="room-connection" data-state={state}>
      <span className="oqu-conn-dot" aria-hidden />
      <span>{t(`connection.${state}`)}</span>
    </span>
  );
}

/** A room's id from the route (a webinar's or an exam's): a positive integer, else null. */
export function parseRoomId(param: string | undefined): number | null {
  if (!param || !/^\d+$/.test(param)) return null;
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

interface RoomGateProps<T> {
  id: number | null;
  query: UseQueryResult<T>;
  title: string;
  backTo: string;
  backLabel: string;
  /** the gate's own texts, for a room that is not a webinar's (an exam's); a webinar's by default */
  texts?: { loading: string; notFoundTitle: string; notFoundText: string };
  children: (room: T) => ReactNode;
}

/** The room's loading, not-found and error states; the room itself once its data is read. */
export function RoomGate<T>({ id, query, title, backTo, backLabel, texts, children }: RoomGateProps<T>) {
  const { t } = useTranslation('rooms');
  const text = texts ?? { loading: t('gate.loading'), notFoundTitle: t('gate.notFoundTitle'), notFoundText: t('gate.notFoundText') };
  const back = (
    <ButtonLink to={backTo} type="primary">
      {backLabel}
    </ButtonLink>
  );
  const status = query.error instanceof ApiError ? query.error.status : 0;
  if (id === null || status === 404) {
    return (
      <section className="oqu-page">
        <PageTitle>{title}</PageTitle>
        <EmptyState icon={FileSearchOutlined} title={text.notFoundTitle} text={text.notFoundText} action={back} testId="room-not-found" />
      </section>
    );
  }
  if (status === 403) {
    return (
      <section className="oqu-page">
        <PageTitle>{title}</PageTitle>
        <EmptyState icon={FileSearchOutlined} title={t('gate.forbiddenTitle')} text={(query.error as ApiError).message} action={back} />
      </section>
    );
  }
  if (query.data) return children(query.data);
  if (query.isError) {
    return (
      <section className="oqu-page">
        <PageTitle>{title}</PageTitle>
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      </section>
    );
  }
  return (
    <section className="oqu-page">
      <PageTitle>{title}</PageTitle>
      <div role="status" aria-live="polite" aria-busy="true" data-testid="room-loading">
        <span className="oqu-visually-hidden">{text.loading}</span>
        <Card className="oqu-card">
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      </div>
    </section>
  );
}
