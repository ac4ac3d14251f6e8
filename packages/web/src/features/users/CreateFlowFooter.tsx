import { Alert, Button, Flex, Form, Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ButtonLink';
import { FormError } from '../../components/FormError';
import { PhotoPicker } from './PhotoPicker';
import type { useCreatePerson } from './useCreatePerson';

interface CreateFlowFooterProps {
  flow: ReturnType<typeof useCreatePerson>;
  /** whether the photo picker is shown */
  offerPhotos: boolean;
  photoInputId: string;
  photos: File[];
  onPhotosChange: (photos: File[]) => void;
  listPath: string;
}

/**
 * The end of a create form: photo picker, upload progress, the "created, photos left" warning,
 * the submit (or retry) button with a link back to the list, and the error message.
 */
export function CreateFlowFooter({ flow, offerPhotos, photoInputId, photos, onPhotosChange, listPath }: CreateFlowFooterProps) {
  const { t } = useTranslation('people');
  const created = flow.createdId !== null;
  return (
    <>
      {offerPhotos && (
        <Form.Item label={t('photos.label')} htmlFor={photoInputId}>
          <PhotoPicker id={photoInputId} value={photos} onChange={onPhotosChange} />
        </Form.Item>
      )}
      {flow.progress && (
        <Form.Item label={t('photos.uploading')}>
          <Progress
            aria-label={t('photos.uploading')}
            percent={Math.round((flow.progress.done / flow.progress.total) * 100)}
            format={() => `${flow.progress?.done}/${flow.progress?.total}`}
          />
        </Form.Item>
      )}
      {created && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('form.createdPhotosLeft')} />}
      <Flex gap={8} wrap>
        <Button type="primary" htmlType="submit" loading={flow.pending}>
          {created ? t('form.retryPhotos') : t('common:actions.create')}
        </Button>
        {created && <ButtonLink to={listPath}>{t('form.toList')}</ButtonLink>}
      </Flex>
      <FormError error={flow.error} />
    </>
  );
}
