import { VideoCameraOutlined } from '@ant-design/icons';
import { Flex, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilePicker, type FilePickerProps } from '../../../components/FilePicker';
import { checkPreviewFile, PREVIEW_ACCEPT } from './form';

interface PreviewPickerProps extends FilePickerProps {
  /** the webinar's stored preview (edit) */
  current?: { Name: string; Path: string } | null;
  /** upload progress 0–100 while it is sent */
  progress: number | null;
}

/**
 * The optional preview video (admin-back-office.md §2, §9): MP4, WebM or MOV up to 10 MB, checked at
 * once; a refused file is not kept. It is sent after the webinar is saved, with a progress bar.
 */
export function PreviewPicker({ current, progress, ...props }: PreviewPickerProps) {
  const { t } = useTranslation('webinars');
  return (
    <FilePicker
      {...props}
      accept={PREVIEW_ACCEPT}
      problemOf={(file) => {
        const refused = checkPreviewFile(file);
        return refused ? t(`form.previewProblem.${refused}`) : null;
      }}
      chooseLabel={current ? t('form.previewReplace') : t('form.previewChoose')}
      chooseOtherLabel={t('form.previewReplace')}
      removeLabel={(name) => t('form.previewRemove', { name })}
      icon={<VideoCameraOutlined aria-hidden />}
      testId="webinar-form-chosen-preview"
      uploadTestId="webinar-form-preview"
      current={
        current &&
        !props.value && (
          <Flex gap={8} align="center" data-testid="webinar-form-current-preview">
            <VideoCameraOutlined aria-hidden />
            <Typography.Link href={current.Path} target="_blank" rel="noopener noreferrer">
              {current.Name || t('form.currentPreview')}
            </Typography.Link>
          </Flex>
        )
      }
    >
      {progress !== null && <Progress percent={progress} size="small" style={{ width: 280 }} aria-label={t('form.previewProgress')} />}
    </FilePicker>
  );
}
