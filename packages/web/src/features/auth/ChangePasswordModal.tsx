import { Alert, Button, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from '../../components/Form';
import { useChangePassword } from './api';

interface Values {
  Password: string;
  Newpassword: string;
  Repeat: string;
}

/**
 * Old password, new password and its repeat (learner-and-instructor.md §5): a mismatch shows
 * 'password_mismatch' and sends nothing; a refusal shows the server's message; success clears the fields.
 */
export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState('');
  const [success, setSuccess] = useState('');
  const change = useChangePassword();

  const close = () => {
    form.resetFields();
    setError('');
    setSuccess('');
    change.reset();
    onClose();
  };

  const submit = (values: Values) => {
    setSuccess('');
    if (values.Newpassword !== values.Repeat) {
      setError(t('password_mismatch'));
      return;
    }
    setError('');
    change.mutate(
      { Password: values.Password, Newpassword: values.Newpassword },
      {
        onSuccess: (answer) => {
          form.resetFields();
          setSuccess(answer.message || t('password.changed'));
        },
        onError: (reason) => setError(reason.message),
      },
    );
  };

  const clearNotes = () => {
    if (error) setError('');
  };

  return (
    <Modal
      open={open}
      title={t('password.title')}
      onCancel={close}
      footer={null}
      destroyOnHidden
      afterOpenChange={(visible) => {
        // Start in the first field, unless the user is already typing in one.
        if (visible && !(document.activeElement instanceof HTMLInputElement)) form.getFieldInstance('Password')?.focus();
      }}
    >
      <Form<Values> form={form} name="changePassword" layout="vertical" onFinish={submit} requiredMark={false} autoComplete="off">
        {/* Lets password managers tie the new password to this account. */}
        <input type="text" name="username" autoComplete="username" hidden readOnly />
        <Form.Item name="Password" label={t('password.old')} rules={[{ required: true, message: t('errors.required') }]}>
          <Input.Password autoComplete="current-password" onFocus={clearNotes} />
        </Form.Item>
        <Form.Item name="Newpassword" label={t('password.new')} rules={[{ required: true, message: t('errors.required') }]}>
          <Input.Password autoComplete="new-password" onFocus={clearNotes} />
        </Form.Item>
        <Form.Item name="Repeat" label={t('password.repeat')} rules={[{ required: true, message: t('errors.required') }]}>
          <Input.Password autoComplete="new-password" onFocus={clearNotes} />
        </Form.Item>
        {error && (
          <div role="alert" className="oqu-form-error">
            {error}
          </div>
        )}
        {success && <Alert type="success" showIcon title={success} className="oqu-form-note" />}
        <Space className="oqu-form-actions">
          <Button onClick={close}>{t('actions.close')}</Button>
          <Button type="primary" htmlType="submit" loading={change.isPending}>
            {t('actions.save')}
          </Button>
        </Space>
      </Form>
    </Modal>
  );
}
