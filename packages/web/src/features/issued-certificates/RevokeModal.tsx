import type { IssuedCertificate } from '@oqu/contracts';
import { Alert, App, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from '../../components/Form';
import { errorMessage } from '../../lib/api';
import { showFieldErrors } from '../../lib/fieldErrors';
import { useRevokeCertificate } from './api';

interface Values {
  Reason: string;
}

/** Bounds of the reason, as the contract checks them. */
const REASON_MIN = 3;
const REASON_MAX = 500;

/**
 * Revoking a certificate (POST /api/cer/revoke/id:{id}): irreversible, so the dialog says so and
 * asks for the reason, which is audited and shown beside the certificate.
 */
export function RevokeModal({ certificate, onClose }: { certificate: IssuedCertificate; onClose: () => void }) {
  const { t } = useTranslation('issuedCertificates');
  const { message: toast } = App.useApp();
  const [form] = Form.useForm<Values>();
  const revoke = useRevokeCertificate();
  const [error, setError] = useState<string | null>(null);
  const label = t('revoke.reason');

  async function submit() {
    setError(null);
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    try {
      const answer = await revoke.mutateAsync({ id: certificate.ID, reason: values.Reason.trim() });
      toast.success(answer.message || t('revoke.done', { number: certificate.Number }));
      onClose();
    } catch (failure) {
      showFieldErrors(form, failure, ['Reason']);
      setError(errorMessage(failure, t('common:errors.network')));
    }
  }

  return (
    <Modal
      open
      title={t('revoke.title', { number: certificate.Number })}
      okText={t('revoke.submit')}
      okButtonProps={{ danger: true, loading: revoke.isPending }}
      cancelText={t('common:actions.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert type="warning" showIcon title={t('revoke.warning')} style={{ marginBottom: 16 }} />
      <Typography.Paragraph>{t('revoke.holder', { name: certificate.Fullname })}</Typography.Paragraph>
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={() => void submit()}>
        <Form.Item
          name="Reason"
          label={label}
          rules={[
            { required: true, whitespace: true, message: t('revoke.required', { label }) },
            {
              validator: (_, value: string | undefined) => {
                const length = (value ?? '').trim().length;
                return length === 0 || (length >= REASON_MIN && length <= REASON_MAX)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('revoke.length', { label })));
              },
            },
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={REASON_MAX} showCount />
        </Form.Item>
      </Form>
      {error && (
        <Typography.Paragraph type="danger" role="alert" style={{ marginBottom: 0 }}>
          {error}
        </Typography.Paragraph>
      )}
    </Modal>
  );
}
