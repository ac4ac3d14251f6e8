import { FileOutlined, KeyOutlined, UploadOutlined } from '@ant-design/icons';
import { type CertificateRefusal, certificateRefusals } from '@oqu/contracts';
import { KeyFileError, type OpenedKey, openPkcs12, signDetached, toBase64 } from '@oqu/contracts/signing';
import { Alert, App, Button, Card, Descriptions, Flex, Form, Input, Spin, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/ButtonLink';
import { ChosenFile } from '../../../components/ChosenFile';
import { LoadError } from '../../../components/LoadError';
import { PageLoader } from '../../../components/PageLoader';
import { PageTitle } from '../../../components/PageTitle';
import { signReportCard, useExam, useExamMutation } from '../../../features/exams/api';
import { fetchReportCard, useMe } from '../../../features/signing/api';
import { errorMessage, isRecordId } from '../../../lib/api';
import { formatDate } from '../../../lib/dates';
import { useSession } from '../../../lib/session';

const KEY_ACCEPT = '.p12,.pfx,application/x-pkcs12';
const FILE_INPUT_ID = 'eds-key-file';

type Phase = 'idle' | 'fetching' | 'signing' | 'sending';

/**
 * /admin/eds-authorization?exam={id}: the examiner opens their PKCS#12 key file in the browser,
 * sees its certificate and whether it may sign, then signs the report card's exact bytes. The key
 * file is read with File.arrayBuffer() and it, the password and the private key stay in this page:
 * only the signature (a detached CMS with the certificate) goes to the server.
 */
export default function EdsAuthorizationPage() {
  const { t } = useTranslation('signing');
  const [params] = useSearchParams();
  const examId = Number(params.get('exam'));
  const exam = useExam(isRecordId(examId) ? examId : undefined);
  const me = useMe();

  if (!isRecordId(examId)) {
    return (
      <Flex vertical gap={16} style={{ maxWidth: 720 }}>
        <PageTitle>{t('page.title')}</PageTitle>
        <Alert type="warning" showIcon title={t('page.noExam')} />
      </Flex>
    );
  }
  const back = `/admin/exam-results/${examId}`;
  return (
    <Flex vertical gap={16} style={{ maxWidth: 720 }}>
      <PageTitle extra={<ButtonLink to={back}>{t('page.back')}</ButtonLink>}>{t('page.title')}</PageTitle>
      {exam.isError || me.isError ? (
        <LoadError
          error={exam.error ?? me.error}
          onRetry={() => {
            void exam.refetch();
            void me.refetch();
          }}
        />
      ) : exam.isPending || me.isPending ? (
        <PageLoader />
      ) : (
        <Signing
          examId={examId}
          examName={exam.data.Name}
          signedAlready={exam.data.SignedBy.includes(me.data.ID)}
          examinerIin={me.data.IIN}
          back={back}
        />
      )}
    </Flex>
  );
}

interface SigningProps {
  examId: number;
  examName: string;
  signedAlready: boolean;
  examinerIin: string;
  back: string;
}

function Signing({ examId, examName, signedAlready, examinerIin, back }: SigningProps) {
  const { t } = useTranslation('signing');
  const { message: toast, modal } = App.useApp();
  const navigate = useNavigate();
  const session = useSession();
  const sign = useExamMutation((signature: string) => signReportCard(examId, signature));
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [opened, setOpened] = useState<{ key: OpenedKey; refusals: CertificateRefusal[] } | null>(null);
  const [openError, setOpenError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [signError, setSignError] = useState<string | null>(null);
  const busy = phase !== 'idle';

  // another file or password means the key must be opened again
  function forgetKey() {
    setOpened(null);
    setOpenError(null);
    setSignError(null);
  }

  async function openKey() {
    if (!file) return;
    forgetKey();
    try {
      const key = openPkcs12(await file.arrayBuffer(), password);
      setOpened({ key, refusals: certificateRefusals(key.certificate, examinerIin, new Date()) });
    } catch (error) {
      setOpenError(t(`openError.${error instanceof KeyFileError ? error.reason : 'notPkcs12'}`));
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
      await sign.mutateAsync(toBase64(signature));
      toast.success(t('sign.done'));
      navigate(back);
    } catch (error) {
      setSignError(errorMessage(error, t('sign.failed')));
      setPhase('idle');
    }
  }

  function confirmSign(key: OpenedKey) {
    modal.confirm({
      title: t('sign.confirmTitle'),
      content: t('sign.confirmText'),
      okText: t('sign.confirmOk'),
      cancelText: t('common:actions.cancel'),
      onOk: () => {
        void signCard(key);
      },
    });
  }

  const certificate = opened?.key.certificate;
  return (
    <Card>
      <Flex vertical gap={16}>
        <Descriptions
          column={1}
          size="small"
          items={[
            { key: 'exam', label: t('page.exam'), children: examName },
            { key: 'examiner', label: t('page.examiner'), children: session?.Fullname ?? '' },
          ]}
        />
        {signedAlready ? (
          <Alert type="success" showIcon title={t('page.signedAlready')} />
        ) : (
          <>
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
                <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
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
                      children: t('certificate.validRange', {
                        from: formatDate(certificate.validFrom),
                        to: formatDate(certificate.validTo),
                      }),
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
                {opened.refusals.length > 0 ? (
                  <Alert
                    type="error"
                    showIcon
                    role="alert"
                    title={t('refusal.title')}
                    description={
                      <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                        {opened.refusals.map((refusal) => (
                          <li key={refusal}>{t(`refusal.${refusal}`, { iin: certificate.iin || '—' })}</li>
                        ))}
                      </ul>
                    }
                  />
                ) : (
                  <Alert type="success" showIcon title={t('certificate.ready')} />
                )}
                <Button type="primary" disabled={opened.refusals.length > 0 || busy} loading={busy} onClick={() => confirmSign(opened.key)}>
                  {t('sign.action')}
                </Button>
                {busy && (
                  <Flex gap={8} align="center" role="status" aria-live="polite">
                    <Spin size="small" />
                    <Typography.Text>{t(`sign.${phase}`)}</Typography.Text>
                  </Flex>
                )}
                {signError && <Alert type="error" showIcon role="alert" title={signError} />}
              </Flex>
            )}
          </>
        )}
        {signedAlready && <ButtonLink to={back}>{t('page.back')}</ButtonLink>}
      </Flex>
    </Card>
  );
}
