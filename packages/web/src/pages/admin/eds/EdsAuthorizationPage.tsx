import { Alert, Card, Descriptions, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/ButtonLink';
import { LoadError } from '../../../components/LoadError';
import { PageLoader } from '../../../components/PageLoader';
import { PageTitle } from '../../../components/PageTitle';
import { useExam } from '../../../features/exams/api';
import { useExamPaths } from '../../../features/exams/paths';
import { useMe, useSettings } from '../../../features/signing/api';
import { KeyFileSigning } from '../../../features/signing/KeyFileSigning';
import { NcaLayerSigning } from '../../../features/signing/NcaLayerSigning';
import { useSignatureSubmission } from '../../../features/signing/useSignatureSubmission';
import { isRecordId } from '../../../lib/api';
import { useSession } from '../../../lib/session';

/**
 * /admin/eds-authorization?exam={id} (and the compact /eds-authorization?exam={id}): the examiner signs the report card's exact bytes, through
 * NCALayer when it runs on their computer (offered first: it holds the keys NCA RK issues, GOST
 * included), or with a PKCS#12 key file opened in the browser, which stays available in every case.
 */
export default function EdsAuthorizationPage() {
  const { t } = useTranslation('signing');
  const [params] = useSearchParams();
  const examId = Number(params.get('exam'));
  const exam = useExam(isRecordId(examId) ? examId : undefined);
  const me = useMe();
  const settings = useSettings();
  const paths = useExamPaths();

  if (!isRecordId(examId)) {
    return (
      <Flex vertical gap={16} style={{ maxWidth: 720 }}>
        <PageTitle>{t('page.title')}</PageTitle>
        <Alert type="warning" showIcon title={t('page.noExam')} />
      </Flex>
    );
  }
  const back = paths.results(examId);
  return (
    <Flex vertical gap={16} style={{ maxWidth: 720 }}>
      <PageTitle extra={<ButtonLink to={back}>{t('page.back')}</ButtonLink>}>{t('page.title')}</PageTitle>
      {exam.isError || me.isError || settings.isError ? (
        <LoadError
          error={exam.error ?? me.error ?? settings.error}
          onRetry={() => {
            void exam.refetch();
            void me.refetch();
            void settings.refetch();
          }}
        />
      ) : exam.isPending || me.isPending || settings.isPending ? (
        <PageLoader />
      ) : (
        <Signing
          examId={examId}
          examName={exam.data.Name}
          signedAlready={exam.data.SignedBy.includes(me.data.ID)}
          examinerIin={me.data.IIN}
          ncaLayerUrl={settings.data.NcaLayerUrl}
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
  ncaLayerUrl: string;
  back: string;
}

function Signing({ examId, examName, signedAlready, examinerIin, ncaLayerUrl, back }: SigningProps) {
  const { t } = useTranslation('signing');
  const session = useSession();
  const submission = useSignatureSubmission(examId, back);
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
          <>
            <Alert type="success" showIcon title={t('page.signedAlready')} />
            <ButtonLink to={back}>{t('page.back')}</ButtonLink>
          </>
        ) : (
          <>
            <section aria-labelledby="eds-ncalayer">
              <Typography.Title id="eds-ncalayer" level={2} style={{ fontSize: 18 }}>
                {t('ncalayer.title')}
              </Typography.Title>
              <NcaLayerSigning examId={examId} examinerIin={examinerIin} url={ncaLayerUrl} submission={submission} />
            </section>
            <section aria-labelledby="eds-key-file-title">
              <Typography.Title id="eds-key-file-title" level={2} style={{ fontSize: 18 }}>
                {t('page.keyFileTitle')}
              </Typography.Title>
              <KeyFileSigning examId={examId} examinerIin={examinerIin} submission={submission} />
            </section>
            {submission.faceCheckDialog}
          </>
        )}
      </Flex>
    </Card>
  );
}
