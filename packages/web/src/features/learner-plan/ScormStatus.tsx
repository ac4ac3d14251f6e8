import type { ScormProgress } from '@oqu/contracts';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { formatScore, SCORM_TONE, scormState } from '../scorm/format';
import { StatusBadge } from './Badges';

/** A trainee's standing in a SCORM package: its state, with the score when there is one ("Пройден · 90 %"). */
export function ScormStatus({ progress, withScore = true }: { progress: ScormProgress; withScore?: boolean }) {
  const { t } = useTranslation('scorm');
  const state = scormState(progress);
  const score = withScore ? formatScore(progress.Score, currentLanguage()) : null;
  return (
    <StatusBadge tone={SCORM_TONE[state]}>
      {t(`status.${state}`)}
      {score && ` · ${score}`}
    </StatusBadge>
  );
}
