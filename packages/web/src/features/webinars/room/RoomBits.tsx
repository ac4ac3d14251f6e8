import { CheckCircleOutlined, FormOutlined } from '@ant-design/icons';
import { Button, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ButtonLink';
import './room.css';

/** How many tests the webinar has, leading to their list. */
export function TestsCounter({ count, to }: { count: number; to: string }) {
  const { t } = useTranslation('rooms');
  return (
    <ButtonLink to={to} icon={<FormOutlined aria-hidden />} data-testid="room-tests-count">
      {t('tests.count', { count })}
    </ButtonLink>
  );
}

/** The outside stream page (STREAM_PAGE_URL), when one is configured instead of the built-in broadcast. */
export function StreamFrame({ url, name, tall = false }: { url: string; name: string; tall?: boolean }) {
  const { t } = useTranslation('rooms');
  return (
    <div className={tall ? 'oqu-stream oqu-stream-tall' : 'oqu-stream'} data-testid="room-stream" data-configured="true">
      <iframe
        className="oqu-stream-frame"
        src={url}
        title={t('stream.title', { name })}
        allow="camera; microphone; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
      />
    </div>
  );
}

/** In place of the stream once the webinar is over and nothing of it was kept. */
export function StreamEnded() {
  const { t } = useTranslation('rooms');
  return (
    <div className="oqu-stream" data-testid="room-stream" data-configured="false">
      <div className="oqu-stream-none">
        <CheckCircleOutlined className="oqu-stream-none-icon" aria-hidden />
        <Typography.Text strong className="oqu-stream-none-title">
          {t('stream.endedTitle')}
        </Typography.Text>
      </div>
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
