import { Card, Flex } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from './ButtonLink';
import { PageTitle } from './PageTitle';

export interface FormFrameProps {
  title: string;
  /** where the back link goes */
  backTo: string;
  /** the back link's text when "Back" is not the best word */
  backLabel?: string;
  maxWidth?: number;
  children: ReactNode;
}

/** A form page: the title with a back link, and a card around the form. */
export function FormFrame({ title, backTo, backLabel, maxWidth = 880, children }: FormFrameProps) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={16} style={{ maxWidth }}>
      <PageTitle extra={<ButtonLink to={backTo}>{backLabel ?? t('actions.back')}</ButtonLink>}>{title}</PageTitle>
      <Card>{children}</Card>
    </Flex>
  );
}
