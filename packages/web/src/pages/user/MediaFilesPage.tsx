import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../components/PageTitle';
import { MediaList } from '../../features/media/MediaList';

/**
 * /user/media-files and, in the compact layout, /mediafiles and /media: the media library, paged by
 * the page id, with players in the page and downloads; VR videos open in the 360° viewer (/user/vr).
 */
export default function MediaFilesPage() {
  const { t } = useTranslation('media');
  return (
    <section className="oqu-page">
      <PageTitle
        extra={
          <Link to="/user/vr" data-testid="vr-link">
            <GlobalOutlined aria-hidden /> {t('learner.vrLink')}
          </Link>
        }
      >
        {t('learner.title')}
      </PageTitle>
      <MediaList vrPath="/user/vr" />
    </section>
  );
}
