import {
  CameraOutlined,
  DesktopOutlined,
  DisconnectOutlined,
  LoadingOutlined,
  PauseCircleOutlined,
  StopOutlined,
  SyncOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { Alert, Button, Radio, Select } from 'antd';
import { type ReactNode, useCallback, useEffect, useId, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type PillTone, StatusPill } from '../../../components/StatusPill';
import { formatSpan } from '../../rooms/time';
import { type BroadcastPhase, broadcastReducer, initialBroadcast, isBroadcasting } from './broadcast';
import { type Publisher, startPublisher } from './publisher';
import { canRecord } from './recorder';
import { useMediaSources, type VideoSource } from './useMediaSources';
import './stream.css';

const PHASE_LOOKS: Record<BroadcastPhase, { tone: PillTone; icon: ReactNode }> = {
  idle: { tone: 'grey', icon: <PauseCircleOutlined aria-hidden /> },
  connecting: { tone: 'blue', icon: <LoadingOutlined aria-hidden /> },
  live: { tone: 'pink', icon: <VideoCameraOutlined aria-hidden /> },
  reconnecting: { tone: 'orange', icon: <SyncOutlined spin aria-hidden /> },
  stopped: { tone: 'grey', icon: <PauseCircleOutlined aria-hidden /> },
  failed: { tone: 'orange', icon: <DisconnectOutlined aria-hidden /> },
};

/**
 * The teacher's own broadcast from the conducting room: camera (or the screen) and microphone,
 * a preview, and start/stop. The camera is asked for only when the teacher turns it on or starts;
 * stopping, a final refusal and leaving the room release it.
 */
export function Broadcaster({ webinarId }: { webinarId: number }) {
  const { t } = useTranslation('rooms');
  const sources = useMediaSources();
  const [state, dispatch] = useReducer(broadcastReducer, initialBroadcast);
  const publisher = useRef<Publisher | null>(null);
  const streamRef = useRef(sources.stream);
  streamRef.current = sources.stream;
  const previewRef = useRef<HTMLVideoElement>(null);
  const broadcasting = isBroadcasting(state.phase);
  const recordable = canRecord();
  const { release } = sources;

  useEffect(() => {
    if (previewRef.current) previewRef.current.srcObject = sources.stream;
    // another camera, microphone or the screen: the broadcast goes on with it in a new take
    publisher.current?.newTake();
  }, [sources.stream]);

  const finish = useCallback(() => {
    publisher.current?.stop();
    publisher.current = null;
    release();
  }, [release]);

  useEffect(() => finish, [finish]);
  useEffect(() => {
    if (state.phase === 'failed') finish();
  }, [state.phase, finish]);

  async function start() {
    if (!(streamRef.current ?? (await sources.openCamera({ camera: sources.cameraId, microphone: sources.microphoneId })))) return;
    publisher.current?.stop();
    dispatch({ type: 'start' });
    publisher.current = startPublisher(webinarId, () => streamRef.current, dispatch);
  }

  function stop() {
    finish();
    dispatch({ type: 'stop' });
  }

  const look = PHASE_LOOKS[state.phase];
  const stateText =
    state.phase === 'reconnecting' && state.congested ? t('broadcast.state.congested') : t(`broadcast.state.${state.phase}`);

  return (
    <section className="oqu-broadcast" aria-label={t('broadcast.title')} data-testid="broadcaster">
      <div className="oqu-broadcast-bar">
        <div className="oqu-broadcast-status">
          {/* the only live region: the state's changes are read out, not the video or the seconds */}
          <span role="status" aria-live="polite" data-testid="broadcast-state" data-state={state.phase}>
            <StatusPill tone={look.tone} icon={look.icon} status={state.phase}>
              {stateText}
            </StatusPill>
          </span>
          {state.phase === 'live' && state.seconds !== null && (
            <span className="oqu-broadcast-seconds" data-testid="broadcast-seconds">
              {formatSpan(state.seconds, (days) => t('time.days', { count: days }))}
            </span>
          )}
        </div>
        <div className="oqu-broadcast-actions">
          {!sources.stream && !broadcasting && (
            <Button
              icon={<CameraOutlined aria-hidden />}
              loading={sources.opening}
              onClick={() => void sources.openCamera()}
              data-testid="broadcast-camera-on"
            >
              {sources.problem ? t('broadcast.retryCamera') : t('broadcast.cameraOn')}
            </Button>
          )}
          {broadcasting ? (
            <Button danger icon={<StopOutlined aria-hidden />} onClick={stop} data-testid="broadcast-stop">
              {t('broadcast.stop')}
            </Button>
          ) : (
            <Button
              type="primary"
              icon={<VideoCameraOutlined aria-hidden />}
              disabled={!recordable || sources.problem === 'insecure'}
              loading={sources.opening}
              onClick={() => void start()}
              data-testid="broadcast-start"
            >
              {t('broadcast.start')}
            </Button>
          )}
        </div>
      </div>
      <div className="oqu-broadcast-devices">
        <DeviceField
          label={t('broadcast.camera')}
          devices={sources.cameras}
          value={sources.cameraId}
          onChange={sources.chooseCamera}
          testId="broadcast-camera"
        />
        <DeviceField
          label={t('broadcast.microphone')}
          devices={sources.microphones}
          value={sources.microphoneId}
          onChange={sources.chooseMicrophone}
          testId="broadcast-microphone"
        />
        <Radio.Group
          optionType="button"
          value={sources.source}
          onChange={(event) => void sources.chooseSource(event.target.value as VideoSource)}
          disabled={!sources.stream}
          aria-label={t('broadcast.source')}
          className="oqu-broadcast-source"
          data-testid="broadcast-source"
          options={[
            { value: 'camera', label: <SourceLabel icon={<CameraOutlined aria-hidden />} text={t('broadcast.sourceCamera')} /> },
            {
              value: 'screen',
              label: <SourceLabel icon={<DesktopOutlined aria-hidden />} text={t('broadcast.sourceScreen')} />,
              disabled: !sources.canShareScreen,
            },
          ]}
        />
      </div>
      {!recordable && <Alert type="warning" showIcon title={t('broadcast.unsupported')} data-testid="broadcast-unsupported" />}
      {sources.problem && (
        <Alert
          type="error"
          showIcon
          title={t('broadcast.cameraTitle')}
          description={t(`broadcast.problems.${sources.problem}`)}
          data-testid="broadcast-camera-problem"
          data-problem={sources.problem}
        />
      )}
      {state.phase === 'failed' && state.failure && (
        <Alert
          type="error"
          showIcon
          title={t(`broadcast.failures.${state.failure}`)}
          description={state.message ?? undefined}
          data-testid="broadcast-failure"
          data-failure={state.failure}
        />
      )}
      {broadcasting && state.message && <Alert type="warning" showIcon title={state.message} data-testid="broadcast-server-error" />}
      <div className="oqu-stream oqu-broadcast-preview">
        {sources.stream ? (
          <video
            ref={previewRef}
            className={sources.source === 'camera' ? 'oqu-broadcast-video oqu-broadcast-mirrored' : 'oqu-broadcast-video'}
            muted
            autoPlay
            playsInline
            aria-label={t('broadcast.preview')}
            data-testid="broadcast-preview"
          />
        ) : (
          <div className="oqu-stream-none">
            <CameraOutlined className="oqu-stream-none-icon" aria-hidden />
            <span className="oqu-stream-none-text">{t('broadcast.previewOff')}</span>
          </div>
        )}
      </div>
    </section>
  );
}

function SourceLabel({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    <span className="oqu-broadcast-source-label">
      {icon}
      {text}
    </span>
  );
}

/** A labelled choice of one kind of device: the camera or the microphone (unnamed ones are numbered). */
function DeviceField({
  label,
  devices,
  value,
  onChange,
  testId,
}: {
  label: string;
  devices: MediaDeviceInfo[];
  value: string | undefined;
  onChange: (deviceId: string) => void;
  testId: string;
}) {
  const { t } = useTranslation('rooms');
  const id = useId();
  return (
    <div className="oqu-broadcast-field">
      <label htmlFor={id}>{label}</label>
      <Select
        id={id}
        value={value}
        placeholder={t('broadcast.devicePlaceholder')}
        options={devices.map((device, index) => ({ value: device.deviceId, label: device.label || `${label} ${index + 1}` }))}
        onChange={onChange}
        notFoundContent={t('broadcast.noDevices')}
        data-testid={testId}
      />
    </div>
  );
}
