import { EyeOutlined, UndoOutlined } from '@ant-design/icons';
import { CERTIFICATE_LAYOUT_FIELDS, DEFAULT_CERTIFICATE_LAYOUT } from '@oqu/contracts';
import { Alert, Button, Collapse, Flex, Form, InputNumber, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api';
import { useIsNarrow } from '../../lib/media';
import { previewCertificate } from './api';
import { inputsToLayout, type LayoutInputs, layoutToInputs, sizeIsShare } from './layout';
import './layout.css';

/** The certificate form's values this part owns. */
export interface LayoutValues {
  Layout: LayoutInputs;
}

type Preview = { state: 'idle' } | { state: 'loading' } | { state: 'shown'; url: string } | { state: 'failed'; message: string };

/**
 * The certificate form's "Layout": where issued certificates print each field, in percent of the
 * page, with a reset to the default layout and a preview made by the server from the template
 * (`templatePath` answers its stored path — uploading a newly chosen file first — or null when there
 * is none yet). Folded on phones, where the form comes first.
 */
export function CertificateLayoutFields({ templatePath }: { templatePath: () => Promise<string | null> }) {
  const { t } = useTranslation('issuedCertificates');
  const form = Form.useFormInstance<LayoutValues>();
  const narrow = useIsNarrow();
  const [preview, setPreview] = useState<Preview>({ state: 'idle' });
  const previewUrl = preview.state === 'shown' ? preview.url : null;
  // each preview's blob lives until the next one, or until the form goes
  useEffect(() => (previewUrl ? () => URL.revokeObjectURL(previewUrl) : undefined), [previewUrl]);

  async function showPreview() {
    let inputs: LayoutInputs;
    try {
      inputs = (await form.validateFields([['Layout']], { recursive: true })).Layout;
    } catch {
      return;
    }
    setPreview({ state: 'loading' });
    try {
      const path = await templatePath();
      if (!path) {
        setPreview({ state: 'failed', message: t('layout.previewNeedsFile') });
        return;
      }
      const pdf = await previewCertificate(path, inputsToLayout(inputs));
      setPreview({ state: 'shown', url: URL.createObjectURL(pdf) });
    } catch (failure) {
      setPreview({ state: 'failed', message: errorMessage(failure, t('layout.previewFailed')) });
    }
  }

  return (
    <Collapse
      className="oqu-layout"
      defaultActiveKey={narrow ? [] : ['layout']}
      items={[
        {
          key: 'layout',
          label: t('layout.title'),
          children: (
            <Flex vertical gap={12}>
              <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                {t('layout.hint')}
              </Typography.Paragraph>
              <LayoutGrid />
              <Flex gap={8} wrap>
                <Button
                  icon={<UndoOutlined aria-hidden />}
                  onClick={() => form.setFieldsValue({ Layout: layoutToInputs(DEFAULT_CERTIFICATE_LAYOUT) })}
                >
                  {t('layout.reset')}
                </Button>
                <Button icon={<EyeOutlined aria-hidden />} onClick={() => void showPreview()} loading={preview.state === 'loading'}>
                  {t('layout.preview')}
                </Button>
              </Flex>
              <PreviewPane preview={preview} />
            </Flex>
          ),
        },
      ]}
    />
  );
}

/** One row per field: X %, Y %, and the size (points, or percent of the width for the QR code). */
function LayoutGrid() {
  const { t } = useTranslation('issuedCertificates');
  const columns = [
    // the axes and the percent sign read the same in every language
    { key: 'X', title: 'X' },
    { key: 'Y', title: 'Y' },
    { key: 'Size', title: t('layout.size') },
  ] as const;
  return (
    // each input names its field, quantity and unit: the header row is for the eye
    <div className="oqu-layout-grid">
      <span className="oqu-layout-head" aria-hidden>
        {t('layout.field')}
      </span>
      {columns.map((column) => (
        <span key={column.key} className="oqu-layout-head" aria-hidden>
          {column.title}
        </span>
      ))}
      {CERTIFICATE_LAYOUT_FIELDS.map((field) => {
        const name = t(`layout.names.${field}`);
        return [
          <Typography.Text key={field} strong className="oqu-layout-name">
            {name}
          </Typography.Text>,
          ...columns.map((column) => {
            const share = column.key !== 'Size' || sizeIsShare(field);
            const [min, max] = column.key !== 'Size' ? [0, 100] : share ? [5, 50] : [1, 200];
            const unit = share ? '%' : t('layout.pt');
            const label = t('layout.inputOf', { field: name, what: column.title, unit });
            return (
              <Form.Item
                key={`${field}-${column.key}`}
                name={['Layout', field, column.key]}
                className="oqu-layout-cell"
                rules={[{ required: true, type: 'number', min, max, message: `${label}: ${min}–${max}` }]}
              >
                <InputNumber aria-label={label} min={min} max={max} step={column.key === 'Size' && !share ? 1 : 0.5} suffix={unit} />
              </Form.Item>
            );
          }),
        ];
      })}
    </div>
  );
}

function PreviewPane({ preview }: { preview: Preview }) {
  const { t } = useTranslation('issuedCertificates');
  if (preview.state === 'idle') return null;
  if (preview.state === 'loading') {
    return (
      <Flex gap={12} align="center" role="status">
        <Spin />
        <span>{t('layout.previewLoading')}</span>
      </Flex>
    );
  }
  if (preview.state === 'failed') return <Alert type="error" showIcon role="alert" title={preview.message} />;
  return (
    <Flex vertical gap={8}>
      <iframe className="oqu-layout-preview" src={preview.url} title={t('layout.previewFrame')} />
      <Typography.Link href={preview.url} target="_blank" rel="noopener noreferrer">
        {t('layout.previewOpen')}
      </Typography.Link>
    </Flex>
  );
}
