import { FileOutlined, KeyOutlined, ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import { type CertificateRefusal, certificateRefusals } from '@oqu/contracts';
import { KeyFileError, type OpenedKey, openPkcs12, signDetached, toBase64 } from '@oqu/contracts/signing';
import { Alert, Button, Descriptions, Flex, Input, Spin, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChosenFile } from '../../components/ChosenFile';
import { Form } from '../../components/Form';
import { errorMessage } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { checkSigner } from '../exams/api';
import { fetchReportCard } from './api';
import { RefusalList } from './RefusalList';
import { SigningProgress } from './SigningProgress';
import type { SigningPhase, useSignatureSubmission } from './useSignatureSubmission';

const KEY_ACCEPT = '.p12,.pfx,application/x-pkcs12';

/** What the server says of the key's certificate (POST /api/exam/signer-check): only a trusted one is offered for signing. */
type Trust = { state: 'checking' } | { state: 'trusted' } | { state: 'refused'; reason: string } | { state: 'failed'; message: string };
const FILE_INPUT_ID = 'eds-key-file';

interface KeyFileSigningProps {
  examId: number;
  examinerIin: string;
  submission: ReturnType<typeof useSignatureSubmission>;
}

/**
 * Signing with a PKCS#12 key file opened in the browser: the examiner sees its certificate and
 * whether it may sign — first by the rules the browser can check (its IIN, validity, key usage), then
 * by the server (its chain to a trusted authority, revocation), before it is said to fit — then
 * signs the report card's exact bytes. The key file is read with
 * File.arrayBuffer() and it, the password and the private key stay in this page: only the signature
 * (a detached CMS with the certificate) goes to the server. RSA keys only: the browser has no GOST.
 */
export function KeyFileSigning({ examId, examinerIin, submission }: KeyFileSigningProps) {
  const { t } = useTranslation('signing');
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [opened, setOpened] = useState<{ key: OpenedKey; refusals: CertificateRefusal[] } | null>(null);
  const [openError, setOpenError] = useState<string | null>(null);
  const [trust, setTrust] = useState<Trust | null>(null);
  const [phase, setPhase] = useState<SigningPhase>('idle');
  const [signError, setSignError] = useState<string | null>(null);
  const busy = phase !== 'idle';

  // another file or password means the key must be opened again
  function forgetKey() {
    setOpened(null);
    setTrust(null);
    setOpenError(null);
    setSignError(null);
  }

  async function openKey() {
    if (!file) return;
    forgetKey();
    try {
      const key = openPkcs12(await file.arrayBuffer(), password);
      const refusals = certificateRefusals(key.certificate, examinerIin, new Date());
      setOpened({ key, refusals });
      if (refusals.length === 0) void askServer(key);
    } catch (error) {
      setOpenError(t(`openError.${error instanceof KeyFileError ? error.reason : 'notPkcs12'}`));
    }
  }

  async function askServer(key: OpenedKey) {
    setTrust({ state: 'checking' });
    try {
      const answer = await checkSigner(toBase64(key.certificateDer));
      setTrust(answer.Trusted ? { state: 'trusted' } : { state: 'refused', reason: answer.Reason ?? t('trust.untrusted') });
    } catch (error) {
      setTrust({ state: 'failed', message: errorMessage(error, t('trust.failed')) });
    }
  }

  async function signCard(key: OpenedKey) {
    setSignError(null);
    try {
      setPhase('fetching');
      const pdf = await fetchReportCard(examId);
      setPhase('signing');
      const signature = await signDetached(pdf, key.privateKey, key.certificateDer);
      setPhase('sending');
      await submission.send(toBase64(signature));
    } catch (error) {
      setSignError(errorMessage(error, t('sign.failed')));
      setPhase('idle');
    }
  }

  const certificate = opened?.key.certificate;
  return (
    <Flex vertical gap={16}>
      <Form layout="vertical" onFinish={() => void openKey()} disabled={busy} requiredMark={false}>
        <Form.Item label={t('page.keyFile')} htmlFor={FILE_INPUT_ID} extra={t('page.keyStays')}>
          <Flex vertical gap={8} align="flex-start">
            <Upload
              id={FILE_INPUT_ID}
              accept={KEY_ACCEPT}
              maxCount={1}
              showUploadList={false}
              beforeUpload={(chosen, batch) => {
                if (chosen === batch[0]) {
                  setFile(chosen);
                  forgetKey();
                }
                return Upload.LIST_IGNORE;
              }}
            >
              <Button icon={<UploadOutlined aria-hidden />}>{file ? t('page.chooseOther') : t('page.choose')}</Button>
            </Upload>
            {file && (
              <ChosenFile
                file={file}
                icon={<FileOutlined aria-hidden />}
                removeLabel={t('page.removeChosen', { name: file.name })}
                onRemove={() => {
                  setFile(null);
                  forgetKey();
                }}
                testId="eds-chosen-file"
                maxWidth={220}
              />
            )}
          </Flex>
        </Form.Item>
        <Form.Item label={t('page.password')} htmlFor="eds-password">
          <Input.Password
            id="eds-password"
            autoComplete="off"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              forgetKey();
            }}
          />
        </Form.Item>
        <Button htmlType="submit" icon={<KeyOutlined aria-hidden />} disabled={!file || busy}>
          {t('page.open')}
        </Button>
      </Form>

      {openError && <Alert type="error" showIcon role="alert" title={openError} />}

      {opened && certificate && (
        <Flex vertical gap={12} data-testid="eds-certificate">
          <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
            {t('certificate.title')}
          </Typography.Title>
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: 'holder', label: t('certificate.holder'), children: certificate.holder },
              { key: 'iin', label: t('certificate.iin'), children: certificate.iin || '—' },
              {
                key: 'validity',
                label: t('certificate.validity'),
                children: t('certificate.validRange', { from: formatDate(certificate.validFrom), to: formatDate(certificate.validTo) }),
              },
              {
                key: 'serial',
                label: t('certificate.serial'),
                children: <span style={{ overflowWrap: 'anywhere' }}>{certificate.serial}</span>,
              },
              {
                key: 'usages',
                label: t('certificate.usages'),
                children: certificate.usages.map((usage) => t(`usage.${usage}`)).join(', ') || t('certificate.noUsages'),
              },
            ]}
          />
          {opened.refusals.length > 0 && <RefusalList title={t('refusal.title')} refusals={opened.refusals} iin={certificate.iin} />}
          {trust?.state === 'checking' && (
            <Flex gap={8} align="center" role="status" aria-live="polite" data-testid="eds-trust-checking">
              <Spin size="small" />
              <Typography.Text>{t('trust.checking')}</Typography.Text>
            </Flex>
          )}
          {trust?.state === 'refused' && (
            <Alert
              type="error"
              showIcon
              role="alert"
              title={t('refusal.title')}
              description={trust.reason}
              data-testid="eds-trust-refused"
            />
          )}
          {trust?.state === 'failed' && (
            <Alert
              type="error"
              showIcon
              role="alert"
              title={t('trust.failedTitle')}
              description={trust.message}
              action={
                <Button size="small" icon={<ReloadOutlined aria-hidden />} onClick={() => void askServer(opened.key)}>
                  {t('ncalayer.retry')}
                </Button>
              }
              data-testid="eds-trust-failed"
            />
          )}
          {trust?.state === 'trusted' && (
            <>
              <Alert type="success" showIcon title={t('certificate.ready')} data-testid="eds-trust-ready" />
              <Button type="primary" disabled={busy} loading={busy} onClick={() => submission.confirm(() => void signCard(opened.key))}>
                {t('sign.action')}
              </Button>
              <SigningProgress phase={phase} />
              {signError && <Alert type="error" showIcon role="alert" title={signError} />}
            </>
          )}
        </Flex>
      )}
    </Flex>
  );
}
