import { DeleteOutlined, PictureOutlined, UndoOutlined } from '@ant-design/icons';
import { PHOTO_MAX_BYTES } from '@oqu/contracts';
import { Button, Flex, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n';
import { formatSize } from '../../../lib/sizes';
import type { QuestionImage } from '../api';
import { checkQuestionPhoto, PHOTO_ACCEPT, PHOTO_PROBLEM_KEY } from '../files';

export interface PhotoChoice {
  /** a new photo to send after the question is saved */
  file: File | null;
  /** drop the saved photo (edit only; ignored when a new file is chosen, which replaces it) */
  remove: boolean;
}

interface QuestionPhotoFieldProps {
  /** id of the file input, for the label's htmlFor */
  id: string;
  current: QuestionImage | null;
  value: PhotoChoice;
  onChange: (value: PhotoChoice) => void;
  disabled?: boolean;
}

const PREVIEW = {
  width: 160,
  height: 120,
  objectFit: 'contain',
  borderRadius: 6,
  border: '1px solid var(--oqu-border)',
  background: '#fff',
} as const;

/**
 * The question's optional photo: JPEG or PNG up to 1,000,000 bytes, checked as soon as it is
 * chosen (a refused file is never kept, so it is never sent), with a preview; on edit the saved
 * photo can be replaced or removed.
 */
export function QuestionPhotoField({ id, current, value, onChange, disabled }: QuestionPhotoFieldProps) {
  const { t } = useTranslation('tests');
  const [problem, setProblem] = useState<string | null>(null);
  const units = { kb: t('common:units.kb'), mb: t('common:units.mb') };
  const size = (bytes: number) => formatSize(bytes, units, currentLanguage());

  // the object URL is made and revoked by one effect, so StrictMode's second run is safe
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!value.file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(value.file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [value.file]);

  async function choose(file: File) {
    const refused = await checkQuestionPhoto(file);
    if (refused) setProblem(`${file.name}: ${t(PHOTO_PROBLEM_KEY[refused], { max: size(PHOTO_MAX_BYTES) })}`);
    else {
      setProblem(null);
      onChange({ file, remove: false });
    }
    return Upload.LIST_IGNORE;
  }

  const picker = (
    <Upload id={id} accept={PHOTO_ACCEPT} showUploadList={false} beforeUpload={choose} maxCount={1} disabled={disabled}>
      <Button icon={<PictureOutlined aria-hidden />} disabled={disabled}>
        {value.file || (current && !value.remove) ? t('photo.replace') : t('photo.choose')}
      </Button>
    </Upload>
  );

  return (
    <Flex vertical gap={8}>
      {value.file && preview ? (
        <Flex gap={12} align="center" wrap>
          <img src={preview} alt={t('photo.previewAlt', { name: value.file.name })} style={PREVIEW} />
          <Flex vertical gap={4}>
            <Typography.Text>{value.file.name}</Typography.Text>
            <Typography.Text type="secondary">{size(value.file.size)}</Typography.Text>
            <Flex gap={8} wrap>
              {picker}
              <Button icon={<UndoOutlined aria-hidden />} onClick={() => onChange({ file: null, remove: false })} disabled={disabled}>
                {current ? t('photo.keepSaved') : t('photo.cancelChoice')}
              </Button>
            </Flex>
          </Flex>
        </Flex>
      ) : current && !value.remove ? (
        <Flex gap={12} align="center" wrap>
          <a href={current.Path} target="_blank" rel="noreferrer" aria-label={t('photo.openSaved')}>
            <img src={current.Path} alt={t('photo.savedAlt')} style={PREVIEW} />
          </a>
          <Flex gap={8} wrap>
            {picker}
            <Button danger icon={<DeleteOutlined aria-hidden />} onClick={() => onChange({ file: null, remove: true })} disabled={disabled}>
              {t('photo.remove')}
            </Button>
          </Flex>
        </Flex>
      ) : current && value.remove ? (
        <Flex gap={12} align="center" wrap>
          <Typography.Text type="warning">{t('photo.willBeRemoved')}</Typography.Text>
          <Button icon={<UndoOutlined aria-hidden />} onClick={() => onChange({ file: null, remove: false })} disabled={disabled}>
            {t('photo.undoRemove')}
          </Button>
          {picker}
        </Flex>
      ) : (
        picker
      )}
      <Typography.Text type="secondary">{t('photo.hint', { max: size(PHOTO_MAX_BYTES) })}</Typography.Text>
      {problem && (
        <Typography.Text type="danger" role="alert">
          {problem}
        </Typography.Text>
      )}
    </Flex>
  );
}
