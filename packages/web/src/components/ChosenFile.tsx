import { DeleteOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../i18n';
import { formatSize } from '../lib/sizes';

/** A file picked for upload but not sent yet: its name, its size, and a button to take it back. */
export function ChosenFile({
  file,
  icon,
  removeLabel,
  onRemove,
  disabled,
  testId,
  maxWidth = 360,
}: {
  file: File;
  icon?: ReactNode;
  /** the remove button's accessible name, naming the file */
  removeLabel: string;
  onRemove: () => void;
  disabled?: boolean;
  testId: string;
  maxWidth?: number;
}) {
  const { t } = useTranslation();
  return (
    <Flex gap={8} align="center" data-testid={testId}>
      {icon}
      <Typography.Text ellipsis style={{ maxWidth }}>
        {file.name}
      </Typography.Text>
      <Typography.Text type="secondary">
        {formatSize(file.size, { kb: t('common:units.kb'), mb: t('common:units.mb') }, currentLanguage())}
      </Typography.Text>
      <Button
        type="text"
        size="small"
        icon={<DeleteOutlined aria-hidden />}
        aria-label={removeLabel}
        title={removeLabel}
        onClick={onRemove}
        disabled={disabled}
      />
    </Flex>
  );
}
