import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Typography, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePeopleFormat } from './format';
import { checkPhoto, PHOTO_ACCEPT, PHOTO_PROBLEM_KEY } from './photos';

interface PhotoPickerProps {
  /** id of the hidden file input, for the label's htmlFor */
  id: string;
  value: readonly File[];
  onChange: (files: File[]) => void;
  multiple?: boolean;
  disabled?: boolean;
}

/**
 * Chooses photos to send later (create forms). Each file is checked at once, JPEG or PNG by its
 * content and at most 1,000,000 bytes; a refused file is never added, so nothing refused is ever
 * sent and no account is created only to have its photo refused.
 */
export function PhotoPicker({ id, value, onChange, multiple = true, disabled }: PhotoPickerProps) {
  const { t } = useTranslation('people');
  const format = usePeopleFormat();
  const [problems, setProblems] = useState<string[]>([]);
  // Several files chosen at once arrive one call at a time: keep the newest list at hand.
  const latest = useRef<File[]>([...value]);
  latest.current = [...value];

  // Object URLs are made and revoked by the same effect, so StrictMode's second run is safe.
  const [previews, setPreviews] = useState<{ file: File; url: string }[]>([]);
  useEffect(() => {
    const list = value.map((file) => ({ file, url: URL.createObjectURL(file) }));
    setPreviews(list);
    return () => {
      for (const preview of list) URL.revokeObjectURL(preview.url);
    };
  }, [value]);

  async function accept(file: File, batch: File[]) {
    if (file === batch[0]) setProblems([]);
    const problem = await checkPhoto(file);
    if (problem) {
      const text = t('photos.problem', { field: t('photos.label'), name: file.name, problem: t(PHOTO_PROBLEM_KEY[problem]) });
      setProblems((list) => [...list, text]);
    } else {
      latest.current = multiple ? [...latest.current, file] : [file];
      onChange(latest.current);
    }
    return Upload.LIST_IGNORE;
  }

  function remove(file: File) {
    latest.current = latest.current.filter((f) => f !== file);
    onChange(latest.current);
  }

  return (
    <Flex vertical gap={8}>
      <Upload id={id} accept={PHOTO_ACCEPT} multiple={multiple} showUploadList={false} beforeUpload={accept} disabled={disabled}>
        <Button icon={<UploadOutlined aria-hidden />} disabled={disabled}>
          {multiple ? t('photos.choose') : t('photos.chooseOne')}
        </Button>
      </Upload>
      <Typography.Text type="secondary">{t('photos.hint')}</Typography.Text>
      {problems.length > 0 && (
        <div role="alert">
          {problems.map((text) => (
            <Typography.Text key={text} type="danger" style={{ display: 'block' }}>
              {text}
            </Typography.Text>
          ))}
        </div>
      )}
      {previews.length > 0 && (
        <ul aria-label={t('photos.chosen')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {previews.map(({ file, url }) => (
            <li key={url} style={{ display: 'flex', alignItems: 'center', gap: 12, marginBottom: 8 }}>
              <img src={url} alt={file.name} width={56} height={56} style={{ objectFit: 'cover', borderRadius: 4 }} />
              <Typography.Text ellipsis style={{ maxWidth: 260 }}>
                {file.name}
              </Typography.Text>
              <Typography.Text type="secondary">{format.bytes(file.size)}</Typography.Text>
              <Button
                type="text"
                icon={<DeleteOutlined aria-hidden />}
                aria-label={t('photos.removeChosen', { name: file.name })}
                title={t('photos.removeChosen', { name: file.name })}
                onClick={() => remove(file)}
                disabled={disabled}
              />
            </li>
          ))}
        </ul>
      )}
    </Flex>
  );
}
