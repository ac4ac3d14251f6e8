import { Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SigningPhase } from './useSignatureSubmission';

/** The step a signing is at, announced politely to screen readers; nothing when idle. */
export function SigningProgress({ phase }: { phase: SigningPhase }) {
  const { t } = useTranslation('signing');
  if (phase === 'idle') return null;
  return (
    <Flex gap={8} align="center" role="status" aria-live="polite">
      <Spin size="small" />
      <Typography.Text>{t(`sign.${phase}`)}</Typography.Text>
    </Flex>
  );
}
