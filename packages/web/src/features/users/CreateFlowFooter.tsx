import { Alert, Button, Flex, Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ButtonLink';
import { Form } from '../../components/Form';
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
  /** where the created person's photos can be added later (their edit page, or their row) */
  accountPath: (id: number) => string;
}

/**
 * The end of a create form: photo picker, upload progress, the submit button and the error
 * message. When a photo is refused after the person was created, the photo field says why, and the
 * form says that the account exists and offers both ways on: send the photos again here, or open
 * the account to add them later.
 */
export function CreateFlowFooter({ flow, offerPhotos, photoInputId, photos, onPhotosChange, accountPath }: CreateFlowFooterProps) {
  const { t } = useTranslation('people');
  const created = flow.createdId !== null;
  return (
    <>
      {offerPhotos && (
        <Form.Item
          label={t('photos.label')}
          htmlFor={photoInputId}
          validateStatus={flow.photoError ? 'error' : undefined}
          help={flow.photoError ? <span role="alert">{flow.photoError}</span> : undefined}
        >
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
      {flow.createdId !== null && (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('form.createdPhotosLeft')} data-testid="created-photos-left" />
      )}
      <Flex gap={8} wrap>
        <Button type="primary" htmlType="submit" loading={flow.pending}>
          {created ? t('form.retryPhotos') : t('common:actions.create')}
        </Button>
        {flow.createdId !== null && (
          <ButtonLink to={accountPath(flow.createdId)} state={{ savedId: flow.createdId }}>
            {t('form.openAccount')}
          </ButtonLink>
        )}
      </Flex>
      <FormError error={flow.error} />
    </>
  );
}
