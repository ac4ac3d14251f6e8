import { SafetyCertificateOutlined, StopOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import './face.css';

/** Whether a person's join passed the face check: an icon and its words, never colour alone. */
export function FaceVerifiedTag({ verified }: { verified: boolean }) {
  const { t } = useTranslation('face');
  return (
    <Tag
      className="oqu-face-verified"
      color={verified ? 'success' : 'default'}
      icon={verified ? <SafetyCertificateOutlined aria-hidden /> : <StopOutlined aria-hidden />}
      data-testid="attendee-face"
      data-verified={verified}
    >
      {t(verified ? 'verified' : 'notVerified')}
    </Tag>
  );
}
