import { ArrowLeftOutlined, CloseOutlined } from '@ant-design/icons';
import { Alert, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ButtonLink } from '../../../components/ButtonLink';
import { PageTitle } from '../../../components/PageTitle';
import { isRecordId } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { useWebinar } from '../api';
import { useWebinarFormat } from './format';
import { INSTRUCTOR_PATHS, type Layout, LEARNER_PATHS } from './paths';
import { webinarStatusKey } from './status';
import { openingRight } from './tests';
import { type TestsViewer, WebinarTests } from './WebinarTests';

const STATUS_CHECK_MS = 30_000;

/**
 * A webinar's tests page in either layout and for either side: the title with the webinar's name
 * and time, the way back (the trainee's close button goes back to the room; staff go back to the
 * conducting room while the webinar is on, else to their list), then the tests.
 */
export function WebinarTestsScreen({ viewer, layout }: { viewer: TestsViewer; layout: Layout }) {
  const { t } = useTranslation('webinars');
  const format = useWebinarFormat();
  const param = useParams().id;
  const id = Number(param);
  // staff: the webinar is read again now and then, so its start or end changes the start buttons with it
  const webinar = useWebinar(isRecordId(id) ? id : undefined, viewer === 'staff' ? STATUS_CHECK_MS : undefined);
  const session = useSession();
  const live = webinarStatusKey(webinar.data?.Status) === 'live';

  if (!isRecordId(id))
    return (
      <section className="oqu-page">
        <PageTitle>{t('tests.title')}</PageTitle>
        <Alert type="error" showIcon title={t('common:errors.notFound')} />
      </section>
    );

  const back =
    viewer === 'learner' ? (
      <ButtonLink to={LEARNER_PATHS[layout].room(id)} icon={<CloseOutlined aria-hidden />} data-testid="webinar-tests-close">
        {t('tests.close')}
      </ButtonLink>
    ) : (
      <ButtonLink
        to={live ? INSTRUCTOR_PATHS[layout].conduct(id) : INSTRUCTOR_PATHS[layout].list}
        icon={<ArrowLeftOutlined aria-hidden />}
        data-testid="webinar-tests-back"
      >
        {t(live ? 'tests.backToRoom' : 'tests.backToList')}
      </ButtonLink>
    );

  return (
    <Flex vertical gap={16} className="oqu-page">
      <PageTitle extra={back}>{t('tests.title')}</PageTitle>
      {webinar.data && (
        <Typography.Paragraph className="oqu-webinar-subtitle" data-testid="webinar-tests-webinar">
          <strong>{webinar.data.Webinarname}</strong> · {format.dateTime(webinar.data.Startdate)}
        </Typography.Paragraph>
      )}
      <WebinarTests
        webinarId={id}
        viewer={viewer}
        layout={layout}
        opening={session ? openingRight(session.RoleID, session.ID ?? 0, webinar.data) : 'none'}
      />
    </Flex>
  );
}
