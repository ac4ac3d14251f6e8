import { Card, Flex } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from './ButtonLink';
import { PageTitle } from './PageTitle';
import { useLeaveGuard } from './useLeaveGuard';

export interface FormFrameProps {
  title: string;
  /** where the back link goes */
  backTo: string;
  /** the back link's text when "Back to the list" is not the best word */
  backLabel?: string;
  maxWidth?: number;
  children: ReactNode;
}

/**
 * A form page: the title with a link back to the list, and a card around the form. Once something
 * is typed or chosen, leaving before the form is sent asks first (`useLeaveGuard`).
 */
export function FormFrame({ title, backTo, backLabel, maxWidth = 880, children }: FormFrameProps) {
  const { t } = useTranslation();
  const [dirty, setDirty] = useState(false);
  useLeaveGuard(dirty);
  const touched = () => setDirty(true);
  return (
    <Flex vertical gap={16} style={{ maxWidth }}>
      <PageTitle extra={<ButtonLink to={backTo}>{backLabel ?? t('actions.toList')}</ButtonLink>}>{title}</PageTitle>
      <Card>
        {/* input and change events of every field bubble here; a submit (caught before the form
            stops it) hands the values over */}
        <div onInput={touched} onChange={touched} onSubmitCapture={() => setDirty(false)}>
          {children}
        </div>
      </Card>
    </Flex>
  );
}
