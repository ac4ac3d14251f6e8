import { CameraOutlined, EyeOutlined, ScanOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageTitle } from '../../components/PageTitle';

/** Seconds between face-check photos (learner-and-instructor.md §9). */
const FACE_CHECK_SECONDS = 10;

/** /face: static instructions before the webinar face check, with a cancel button. */
export default function FacePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const cancel = () => {
    if (window.history.length > 1) navigate(-1);
    else navigate('/webinars', { replace: true });
  };
  const steps = [
    { icon: <CameraOutlined />, text: t('mobile.face.stepCamera') },
    { icon: <EyeOutlined />, text: t('mobile.face.stepLook') },
    { icon: <ScanOutlined />, text: t('mobile.face.stepWait', { seconds: FACE_CHECK_SECONDS }) },
  ];
  return (
    <section className="oqu-page">
      <PageTitle>{t('mobile.face.title')}</PageTitle>
      <Card>
        <p className="oqu-face-intro">{t('mobile.face.intro')}</p>
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
        <div className="oqu-face-frame" aria-hidden="true">
          <ScanOutlined />
        </div>
        <Button size="large" block onClick={cancel}>
          {t('actions.cancel')}
        </Button>
      </Card>
    </section>
  );
}
