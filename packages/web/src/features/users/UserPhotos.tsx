import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import type { User } from '@oqu/contracts';
import { App, Button, Empty, Flex, Image, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmPopover } from '../../components/ConfirmPopover';
import { errorMessage } from '../../lib/api';
import { useDeletePhoto, useUploadPhoto } from './api';
import { checkPhoto, PHOTO_ACCEPT, PHOTO_PROBLEM_KEY } from './photos';

interface UserPhotosProps {
  user: Pick<User, 'ID' | 'Photos'>;
  /** id of the hidden file input, for a label's htmlFor */
  inputId?: string;
}

/**
 * The photos of an existing person: thumbnails, delete (confirmed first) and upload.
 * Files are checked before sending (jpeg or png, at most 1,000,000 bytes); a refused file is not sent.
 */
export function UserPhotos({ user, inputId }: UserPhotosProps) {
  const { t } = useTranslation('people');
  const { message: toast } = App.useApp();
  const upload = useUploadPhoto();
  const remove = useDeletePhoto();
  const [problem, setProblem] = useState<string | null>(null);
  const [removingId, setRemovingId] = useState<number | null>(null);

  async function send(file: File) {
    setProblem(null);
    const refused = await checkPhoto(file);
    if (refused) {
      setProblem(t('photos.problem', { field: t('photos.label'), name: file.name, problem: t(PHOTO_PROBLEM_KEY[refused]) }));
      return;
    }
    try {
      await upload.mutateAsync({ userId: user.ID, file });
      toast.success(t('photos.uploaded'));
    } catch (error) {
      setProblem(errorMessage(error, t('common:errors.network')));
    }
  }

  async function drop(photoId: number) {
    setRemovingId(photoId);
    try {
      const answer = await remove.mutateAsync(photoId);
      toast.success(answer.message || t('photos.deleted'));
    } catch (error) {
      toast.error(errorMessage(error, t('common:errors.network')));
    } finally {
      setRemovingId(null);
    }
  }

  return (
    <Flex vertical gap={8}>
      {user.Photos.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('photos.none')} style={{ margin: 0 }} />
      ) : (
        <Image.PreviewGroup>
          <Flex wrap gap={12} role="list" aria-label={t('photos.current')}>
            {user.Photos.map((photo) => (
              <Flex key={photo.ID} vertical align="center" gap={4} role="listitem">
                <Image
                  src={photo.Path}
                  alt={photo.Name || t('photos.alt')}
                  width={88}
                  height={88}
                  style={{ objectFit: 'cover', borderRadius: 4 }}
                />
                <ConfirmPopover
                  title={t('photos.confirmDelete')}
                  okText={t('common:actions.delete')}
                  cancelText={t('common:actions.cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => drop(photo.ID)}
                >
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined aria-hidden />}
                    loading={removingId === photo.ID}
                    aria-label={t('photos.remove', { name: photo.Name })}
                    title={t('photos.remove', { name: photo.Name })}
                  />
                </ConfirmPopover>
              </Flex>
            ))}
          </Flex>
        </Image.PreviewGroup>
      )}
      <div>
        <Upload
          id={inputId}
          accept={PHOTO_ACCEPT}
          showUploadList={false}
          beforeUpload={(file) => {
            void send(file);
            return Upload.LIST_IGNORE;
          }}
          disabled={upload.isPending}
        >
          <Button icon={<UploadOutlined aria-hidden />} loading={upload.isPending}>
            {t('photos.upload')}
          </Button>
        </Upload>
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4 }}>
          {t('photos.hint')}
        </Typography.Text>
      </div>
      {problem && (
        <Typography.Text type="danger" role="alert">
          {problem}
        </Typography.Text>
      )}
    </Flex>
  );
}
