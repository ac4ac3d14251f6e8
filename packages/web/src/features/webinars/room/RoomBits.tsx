import { CheckCircleOutlined, FileSearchOutlined, FormOutlined, PlayCircleOutlined } from '@ant-design/icons';
import type { WebinarDetails } from '@oqu/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Card, Modal, Skeleton, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ButtonLink';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError } from '../../../components/LoadError';
import { PageTitle } from '../../../components/PageTitle';
import { ApiError } from '../../../lib/api';
import type { ConnectionState } from './stream';
import './room.css';

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

/** How many tests the webinar has, leading to their list. */
export function TestsCounter({ count, to }: { count: number; to: string }) {
  const { t } = useTranslation('rooms');
  return (
    <ButtonLink to={to} icon={<FormOutlined aria-hidden />} data-testid="room-tests-count">
      {t('tests.count', { count })}
    </ButtonLink>
  );
}

/** The stream page, or a polite note when none is configured (issue 5 item 7). */
export function StreamFrame({
  url,
  name,
  tall = false,
  ended = false,
}: {
  url: string | null;
  name: string;
  tall?: boolean;
  ended?: boolean;
}) {
  const { t } = useTranslation('rooms');
  return (
    <div
      className={tall && url && !ended ? 'oqu-stream oqu-stream-tall' : 'oqu-stream'}
      data-testid="room-stream"
      data-configured={url ? 'true' : 'false'}
    >
      {ended ? (
        <div className="oqu-stream-none">
          <CheckCircleOutlined className="oqu-stream-none-icon" aria-hidden />
          <Typography.Text strong className="oqu-stream-none-title">
            {t('stream.endedTitle')}
          </Typography.Text>
        </div>
      ) : url ? (
        <iframe
          className="oqu-stream-frame"
          src={url}
          title={t('stream.title', { name })}
          allow="camera; microphone; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <div className="oqu-stream-none">
          <PlayCircleOutlined className="oqu-stream-none-icon" aria-hidden />
          <Typography.Text strong className="oqu-stream-none-title">
            {t('stream.noneTitle')}
          </Typography.Text>
          <Typography.Text className="oqu-stream-none-text">{t('stream.noneText')}</Typography.Text>
        </div>
      )}
    </div>
  );
}

/** The offer to start a webinar test the teacher has just opened (learner-and-instructor.md §4). */
export function TestOfferModal({
  testId,
  onStart,
  onLater,
}: {
  testId: number | null;
  onStart: (id: number) => void;
  onLater: () => void;
}) {
  const { t } = useTranslation('rooms');
  return (
    <Modal
      open={testId !== null}
      title={t('offer.title')}
      onCancel={onLater}
      footer={[
        <Button key="later" onClick={onLater} data-testid="test-offer-later">
          {t('offer.later')}
        </Button>,
        <Button key="start" type="primary" onClick={() => testId !== null && onStart(testId)} data-testid="test-offer-start">
          {t('offer.start')}
        </Button>,
      ]}
    >
      <div data-testid="test-offer-modal" data-test-id={testId ?? undefined}>
        <Typography.Paragraph>{t('offer.text')}</Typography.Paragraph>
      </div>
    </Modal>
  );
}

/** The preview video, shown once (learner-and-instructor.md §4), with the spec's fallback text. */
export function PreviewModal({ open, path, name, onClose }: { open: boolean; path: string; name: string; onClose: () => void }) {
  const { t } = useTranslation('rooms');
  const [failed, setFailed] = useState(false);
  return (
    <Modal
      open={open}
      title={t('preview.title', { name })}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('actions.close')}</Button>}
      width={720}
      destroyOnHidden
    >
      <div data-testid="room-preview">
        {failed ? (
          <Typography.Paragraph role="alert">{t('preview.fallback')}</Typography.Paragraph>
        ) : (
          // biome-ignore lint/a11y/useMediaCaption: an uploaded preview comes without captions; the room itself is the content
          <video className="oqu-preview-video" src={path} controls preload="metadata" onError={() => setFailed(true)}>
            {t('preview.fallback')}
          </video>
        )}
      </div>
    </Modal>
  );
}

/** A webinar id from the route: a positive integer, else null. */
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
  /** the gate's own texts, for a room that is not a webinar's (an exam's) */
  texts?: { loading: string; notFoundTitle: string; notFoundText: string };
  children: (room: T) => ReactNode;
}

/** The room's loading, not-found and error states; the room itself once its data is read. */
export function RoomGate<T = WebinarDetails>({ id, query, title, backTo, backLabel, texts, children }: RoomGateProps<T>) {
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
