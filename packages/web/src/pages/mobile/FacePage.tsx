import { ScanOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/PageTitle';
import { useFaceCheckSettings } from '../../features/face/api';
import { FaceCheckPanel, FaceCheckSteps } from '../../features/face/FaceCheck';
import { joinedByFaceCheck } from '../../features/webinars/room/useJoinWebinar';
import { isRecordId } from '../../lib/api';
import '../../features/face/face.css';

/**
 * /face (learner-and-instructor.md §2): the face check before a webinar. With `?web={id}` and the
 * check required it runs the check for that webinar and, on a match (the server has recorded the
 * join), goes to its room; otherwise it is the static instructions with a cancel button.
 */
export default function FacePage() {
  const { t } = useTranslation(['common', 'face']);
  const navigate = useNavigate();
  const webinarId = Number(useSearchParams()[0].get('web'));
  const settings = useFaceCheckSettings();
  const cancel = () => {
    if (window.history.length > 1) navigate(-1);
    else navigate('/webinars', { replace: true });
  };
  const runsCheck = isRecordId(webinarId) && settings.required === true;
  return (
    <section className="oqu-page">
      <PageTitle>{t('mobile.face.title')}</PageTitle>
      <Card>
        {runsCheck ? (
          <FaceCheckPanel
            target={{ WebID: webinarId }}
            seconds={settings.seconds}
            onCancel={cancel}
            onMatch={() => {
              joinedByFaceCheck(webinarId);
              navigate(`/webinar-view/${webinarId}`, { replace: true });
            }}
          />
        ) : (
          <>
            <p className="oqu-face-intro">{t('face:intro')}</p>
            <FaceCheckSteps seconds={settings.seconds} />
            <div className="oqu-face-frame" aria-hidden="true">
              <ScanOutlined />
            </div>
            <Button size="large" block onClick={cancel}>
              {t('actions.cancel')}
            </Button>
          </>
        )}
      </Card>
    </section>
  );
}
