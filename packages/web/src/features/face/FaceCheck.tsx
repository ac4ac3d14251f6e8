import { CameraOutlined, CheckCircleOutlined, CloseCircleOutlined, EyeOutlined, ScanOutlined, WarningOutlined } from '@ant-design/icons';
import { Button, Flex, Modal, Spin } from 'antd';
import type { TFunction } from 'i18next';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { FaceCheckTarget, ShotOutcome } from './logic';
import { type FaceCheckState, useFaceCheck } from './useFaceCheck';
import './face.css';

/** The /face instructions (learner-and-instructor.md §2): the camera works, look straight, wait. */
export function FaceCheckSteps({ seconds }: { seconds: number }) {
  const { t } = useTranslation('face');
  const steps = [
    { icon: <CameraOutlined />, text: t('steps.camera') },
    { icon: <EyeOutlined />, text: t('steps.look') },
    { icon: <ScanOutlined />, text: t('steps.wait', { seconds }) },
  ];
  return (
    <ol className="oqu-steps">
      {steps.map((step) => (
        <li key={step.text}>
          <span className="oqu-step-icon" aria-hidden="true">
            {step.icon}
          </span>
          <span>{step.text}</span>
        </li>
      ))}
    </ol>
  );
}

interface OutcomeText {
  tone: 'ok' | 'warn';
  title: string;
  /** what happened, or what to do */
  detail: string;
  /** when the next shot goes, if one does */
  next: string;
}

/** The text of the last answer; null while none has come. */
function outcomeText(t: TFunction<'face'>, last: ShotOutcome | null, seconds: number): OutcomeText | null {
  if (!last) return null;
  const next = t('nextShot', { seconds });
  switch (last.kind) {
    case 'match':
      return { tone: 'ok', title: t('matched'), detail: '', next: '' };
    case 'mismatch':
      return { tone: 'warn', title: t('notRecognized'), detail: last.reason ? t(`reasons.${last.reason}`) : last.message, next };
    case 'busy':
      return { tone: 'warn', title: t('busy'), detail: '', next };
    case 'error':
      return { tone: 'warn', title: t('failed'), detail: last.message, next: last.final ? '' : next };
  }
}

interface PanelProps {
  target: FaceCheckTarget;
  seconds: number;
  onMatch: () => void;
  onCancel: () => void;
}

/**
 * The camera check (learner-and-instructor.md §2 /face, §4; admin-back-office.md §2 report card
 * 'Start'): instructions and what is sent before anything is, then the live picture and the answer
 * of each shot until one matches. The outcome of each shot is announced once, politely.
 */
export function FaceCheckPanel({ target, seconds, onMatch, onCancel }: PanelProps) {
  const { t } = useTranslation('face');
  const check = useFaceCheck(target, seconds, onMatch);
  const statusRef = useRef<HTMLDivElement>(null);
  const retryRef = useRef<HTMLButtonElement>(null);
  const consentId = useId();

  // the start button goes away with the instructions: focus follows to the check's status
  const phase = check.phase;
  useEffect(() => {
    if (phase === 'opening') statusRef.current?.focus();
    if (phase === 'camera-problem' || phase === 'refused') retryRef.current?.focus();
  }, [phase]);

  const retry = (
    <Button type="primary" ref={retryRef} onClick={() => void check.start()}>
      {t('retry')}
    </Button>
  );

  if (phase === 'intro') {
    return (
      <div className="oqu-face-check" data-testid="face-check" data-phase={phase}>
        <p className="oqu-face-intro">{t('intro')}</p>
        <FaceCheckSteps seconds={seconds} />
        <p className="oqu-face-consent" id={consentId} data-testid="face-consent">
          {t('consent')}
        </p>
        <FaceCheckActions onCancel={onCancel}>
          <Button
            type="primary"
            icon={<CameraOutlined aria-hidden />}
            aria-describedby={consentId}
            onClick={() => void check.start()}
            data-testid="face-start"
          >
            {t('start')}
          </Button>
        </FaceCheckActions>
      </div>
    );
  }

  if (phase === 'camera-problem') {
    return (
      <div className="oqu-face-check" data-testid="face-check" data-phase={phase}>
        <div className="oqu-face-status oqu-face-status-error" role="alert" data-testid="face-camera-problem">
          <WarningOutlined aria-hidden />
          <div>
            <p className="oqu-face-status-title">{t('camera.title')}</p>
            <p>{t(`camera.${check.problem ?? 'unsupported'}`)}</p>
          </div>
        </div>
        <FaceCheckActions onCancel={onCancel}>{retry}</FaceCheckActions>
      </div>
    );
  }

  if (phase === 'refused') {
    return (
      <div className="oqu-face-check" data-testid="face-check" data-phase={phase}>
        <ShotStatus state={check} seconds={seconds} statusRef={statusRef} />
        <FaceCheckActions onCancel={onCancel}>{retry}</FaceCheckActions>
      </div>
    );
  }

  return (
    <div className="oqu-face-check" data-testid="face-check" data-phase={phase}>
      <div className="oqu-face-video">
        {/* muted, no sound track: a mirror of the person, described by its label */}
        <video ref={check.videoRef} autoPlay muted playsInline aria-label={t('video')} onLoadedData={check.onVideoReady} />
        {(phase === 'opening' || check.sending) && (
          <span className="oqu-face-sending">
            <Spin size="small" />
            {phase === 'opening' ? t('opening') : t('sending')}
          </span>
        )}
      </div>
      <ShotStatus state={check} seconds={seconds} statusRef={statusRef} />
      <FaceCheckActions onCancel={onCancel} />
    </div>
  );
}

/** The check's buttons: Cancel, then the step forward when there is one. */
function FaceCheckActions({ onCancel, children }: { onCancel: () => void; children?: ReactNode }) {
  const { t } = useTranslation('face');
  return (
    <Flex gap={8} wrap justify="flex-end" className="oqu-face-actions">
      <Button onClick={onCancel} data-testid="face-cancel">
        {t('cancel')}
      </Button>
      {children}
    </Flex>
  );
}

/** The last shot's answer, in a polite live region that changes only when an answer comes. */
function ShotStatus({
  state,
  seconds,
  statusRef,
}: {
  state: FaceCheckState;
  seconds: number;
  statusRef: React.RefObject<HTMLDivElement | null>;
}) {
  const { t } = useTranslation('face');
  const text = outcomeText(t, state.last, seconds);
  const tone = text?.tone ?? 'info';
  const Icon = tone === 'ok' ? CheckCircleOutlined : tone === 'warn' ? CloseCircleOutlined : ScanOutlined;
  return (
    <div
      ref={statusRef}
      tabIndex={-1}
      role="status"
      aria-live="polite"
      className={`oqu-face-status oqu-face-status-${tone}`}
      data-testid="face-status"
      data-outcome={state.last?.kind ?? 'none'}
      data-reason={state.last?.kind === 'mismatch' ? (state.last.reason ?? '') : undefined}
    >
      <Icon aria-hidden />
      <div>
        <p className="oqu-face-status-title">{text?.title ?? t('lookAtCamera')}</p>
        {text?.detail && <p>{text.detail}</p>}
        {text?.next && <p>{text.next}</p>}
      </div>
    </div>
  );
}

interface ModalProps extends PanelProps {
  open: boolean;
  title?: string;
}

/** The camera check in a dialog: closing it (Cancel, Esc, ×) stops the camera and cancels. */
export function FaceCheckModal({ open, title, ...panel }: ModalProps) {
  const { t } = useTranslation('face');
  return (
    <Modal
      open={open}
      title={title ?? t('title')}
      onCancel={panel.onCancel}
      footer={null}
      destroyOnHidden
      maskClosable={false}
      className="oqu-face-modal"
    >
      <FaceCheckPanel {...panel} />
    </Modal>
  );
}
