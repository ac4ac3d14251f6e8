import { ReloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import type { CertificateRefusal } from '@oqu/contracts';
import { toBase64 } from '@oqu/contracts/signing';
import { Alert, Button, Flex, Spin, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { errorMessage } from '../../lib/api';
import { fetchReportCard } from './api';
import {
  connectNcaLayer,
  disconnect,
  isConnected,
  type NcaLayerConnection,
  ncaLayerFailure,
  ncaLayerTrustAddress,
  signWithNcaLayer,
} from './ncalayer';
import { RefusalList } from './RefusalList';
import { SigningProgress } from './SigningProgress';
import { checkNcaLayerSignature } from './signerCertificate';
import type { SigningPhase, useSignatureSubmission } from './useSignatureSubmission';

/** Where NCALayer is downloaded: NCA RK's portal. */
const NCALAYER_DOWNLOAD = 'https://ncl.pki.gov.kz/';
/** Links in the warning's text: underlined, and dark enough to read on its yellow. */
const LINK_IN_TEXT = { color: '#0958d9', textDecoration: 'underline' };

type Detection = { state: 'checking' } | { state: 'found'; connection: NcaLayerConnection } | { state: 'absent' };

/** What the last attempt to sign ended with, when it did not end on the results screen. */
type Notice = { type: 'info' | 'error'; title: string } | { type: 'refused'; title: string; refusals: CertificateRefusal[]; iin: string };

interface NcaLayerSigningProps {
  examId: number;
  examinerIin: string;
  /** NCALayer's WebSocket address, from the server's settings */
  url: string;
  submission: ReturnType<typeof useSignatureSubmission>;
}

/**
 * Signing through NCALayer (or KAZTOKEN) on the examiner's computer: the page looks for it on
 * load, and when it is there the examiner picks a key in NCALayer's own window, any key NCA RK
 * issues (GOST or RSA, file, ID card or token). The certificate NCALayer signed with is checked here
 * before the signature is sent, so that a wrong key is named at once; the server checks it again,
 * with its chain and revocation.
 */
export function NcaLayerSigning({ examId, examinerIin, url, submission }: NcaLayerSigningProps) {
  const { t } = useTranslation('signing');
  const [detection, setDetection] = useState<Detection>({ state: 'checking' });
  const [phase, setPhase] = useState<SigningPhase>('idle');
  const [notice, setNotice] = useState<Notice | null>(null);
  const live = useRef<NcaLayerConnection | null>(null);
  // each look for NCALayer supersedes the one before; a late answer to an old one is closed
  const attempt = useRef(0);

  const forget = useCallback(() => {
    if (live.current) disconnect(live.current);
    live.current = null;
  }, []);

  const detect = useCallback(() => {
    const mine = ++attempt.current;
    forget();
    setDetection({ state: 'checking' });
    connectNcaLayer(url).then(
      (connection) => {
        if (mine !== attempt.current) return disconnect(connection);
        live.current = connection;
        setDetection({ state: 'found', connection });
      },
      () => {
        if (mine === attempt.current) setDetection({ state: 'absent' });
      },
    );
  }, [url, forget]);

  useEffect(() => {
    detect();
    return () => {
      attempt.current += 1;
      forget();
    };
  }, [detect, forget]);

  function stop(next: Notice) {
    setPhase('idle');
    setNotice(next);
  }

  async function signThrough(connection: NcaLayerConnection) {
    setNotice(null);
    let pdf: Uint8Array;
    try {
      setPhase('fetching');
      pdf = await fetchReportCard(examId);
    } catch (error) {
      return stop({ type: 'error', title: errorMessage(error, t('sign.failed')) });
    }
    let signature: string;
    try {
      setPhase('ncalayer');
      signature = await signWithNcaLayer(connection, toBase64(pdf), currentLanguage());
    } catch (error) {
      const failure = ncaLayerFailure(error, isConnected(connection));
      if (failure.kind === 'cancelled') return stop({ type: 'info', title: t('ncalayer.cancelled') });
      if (failure.kind === 'failed') return stop({ type: 'error', title: t('ncalayer.failed', { detail: failure.detail }) });
      forget();
      setDetection({ state: 'absent' });
      return stop({ type: 'error', title: t('ncalayer.lost') });
    }
    setPhase('checking');
    let checked: ReturnType<typeof checkNcaLayerSignature>;
    try {
      checked = checkNcaLayerSignature(signature, examinerIin, new Date());
    } catch {
      return stop({ type: 'error', title: t('ncalayer.unreadable') });
    }
    if (checked.refusals.length > 0) {
      return stop({ type: 'refused', title: t('ncalayer.refused'), refusals: checked.refusals, iin: checked.certificate.iin });
    }
    try {
      setPhase('sending');
      await submission.send(signature);
    } catch (error) {
      stop({ type: 'error', title: errorMessage(error, t('sign.failed')) });
    }
  }

  const busy = phase !== 'idle';
  const trustAddress = ncaLayerTrustAddress(url);
  return (
    <Flex vertical gap={12} data-testid="ncalayer" data-state={detection.state}>
      {detection.state === 'checking' && (
        <Flex gap={8} align="center" role="status" aria-live="polite">
          <Spin size="small" />
          <Typography.Text>{t('ncalayer.checking')}</Typography.Text>
        </Flex>
      )}
      {detection.state === 'found' && (
        <>
          <Alert
            type="success"
            showIcon
            title={t('ncalayer.found', { app: detection.connection.app, version: detection.connection.version })}
            description={t('ncalayer.foundHint')}
          />
          <Button
            type="primary"
            size="large"
            icon={<SafetyCertificateOutlined aria-hidden />}
            loading={busy}
            disabled={busy}
            onClick={() => submission.confirm(() => void signThrough(detection.connection))}
          >
            {t('ncalayer.action')}
          </Button>
          <SigningProgress phase={phase} />
        </>
      )}
      {detection.state === 'absent' && (
        <Alert
          type="warning"
          showIcon
          title={t('ncalayer.absent')}
          description={
            <Flex vertical gap={8} align="flex-start">
              <ol style={{ margin: 0, paddingInlineStart: 20 }}>
                <li>
                  {t('ncalayer.install')}{' '}
                  <Typography.Link href={NCALAYER_DOWNLOAD} target="_blank" rel="noopener noreferrer" style={LINK_IN_TEXT}>
                    {t('ncalayer.download')}
                  </Typography.Link>
                </li>
                <li>
                  {t('ncalayer.trust')}{' '}
                  <Typography.Link href={trustAddress} target="_blank" rel="noopener noreferrer" style={LINK_IN_TEXT}>
                    {trustAddress}
                  </Typography.Link>
                </li>
                <li>{t('ncalayer.kaztoken')}</li>
              </ol>
              <Button icon={<ReloadOutlined aria-hidden />} onClick={detect}>
                {t('ncalayer.retry')}
              </Button>
            </Flex>
          }
        />
      )}
      {notice?.type === 'refused' && <RefusalList title={notice.title} refusals={notice.refusals} iin={notice.iin} />}
      {notice?.type === 'info' && <Alert type="info" showIcon role="status" title={notice.title} />}
      {notice?.type === 'error' && <Alert type="error" showIcon role="alert" title={notice.title} />}
    </Flex>
  );
}
