import { PlayCircleOutlined, RedoOutlined, StepForwardOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ButtonLink';
import { type Layout, testingPath } from '../paths';
import { testAction } from '../run';
import type { UserTest } from '../types';

const ICONS = {
  start: <PlayCircleOutlined aria-hidden />,
  continue: <StepForwardOutlined aria-hidden />,
  retake: <RedoOutlined aria-hidden />,
};

/** Start, continue or retake — only when the server says the test may be taken now. */
export function TestActionButton({ test, layout, block = false }: { test: UserTest; layout: Layout; block?: boolean }) {
  const { t } = useTranslation('testing');
  const action = testAction(test);
  if (!action) return null;
  return (
    <ButtonLink
      to={testingPath(layout, test.ID)}
      type={action === 'continue' ? 'primary' : 'default'}
      icon={ICONS[action]}
      block={block}
      aria-label={t(`list.actionLabel.${action}`, { name: test.Name })}
      data-testid={`test-action-${test.ID}`}
    >
      {t(`list.action.${action}`)}
    </ButtonLink>
  );
}
