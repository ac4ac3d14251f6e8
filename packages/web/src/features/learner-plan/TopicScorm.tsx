import { PlayCircleOutlined } from '@ant-design/icons';
import type { PlanTopicRow } from '@oqu/contracts';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ButtonLink';
import { useScormPaths } from '../scorm/paths';
import { ScormStatus } from './ScormStatus';

type Scorm = PlanTopicRow['Scorm'][number];

/**
 * A topic's SCORM courses on the plan: name, the trainee's status and score, and the way to open each
 * (in the layout the plan is shown in). `cards` as the tests' boxes of the details views.
 */
export function TopicScorm({ packages, cards = false }: { packages: readonly Scorm[] | undefined; cards?: boolean }) {
  const { t } = useTranslation('scorm');
  const paths = useScormPaths();
  if (!packages || packages.length === 0) return cards ? <span className="oqu-muted">{t('plan.none')}</span> : null;
  return (
    <ul className={cards ? 'oqu-topic-tests oqu-topic-tests-cards' : 'oqu-topic-tests'} data-testid="topic-scorm">
      {packages.map((scorm) => (
        <li key={scorm.ID} className="oqu-topic-test" data-testid={`plan-scorm-${scorm.ID}`}>
          <span className="oqu-topic-test-name">
            <span className="oqu-muted">SCORM · </span>
            {scorm.Name}
          </span>
          <span className="oqu-topic-test-facts">
            <ScormStatus progress={scorm.Progress} />
            <ButtonLink
              to={paths.player(scorm.ID)}
              size="small"
              type="link"
              icon={<PlayCircleOutlined aria-hidden />}
              aria-label={t('list.openOf', { name: scorm.Name })}
              style={{ paddingInline: 0, height: 'auto' }}
            >
              {t('list.open')}
            </ButtonLink>
          </span>
        </li>
      ))}
    </ul>
  );
}
