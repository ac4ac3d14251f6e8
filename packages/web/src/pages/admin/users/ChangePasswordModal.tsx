import type { User } from '@oqu/contracts';
import { App, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from '../../../components/Form';
import { useAdminChangePassword } from '../../../features/users/api';
import { displayName } from '../../../features/users/format';
import { usePersonRules } from '../../../features/users/rules';
import { errorMessage } from '../../../lib/api';

interface Values {
  Newpassword: string;
  Repeat: string;
}

/**
 * Admin sets a new password for a person (PUT /api/user/adminchangepass). The two entries must
 * match, else «Пароли не совпадают» shows and nothing is sent (admin-back-office.md §5).
 */
export function ChangePasswordModal({ user, open, onClose }: { user: User; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('people');
  const { message: toast } = App.useApp();
  const rules = usePersonRules();
  const [form] = Form.useForm<Values>();
  const change = useAdminChangePassword();
  const [error, setError] = useState<string | null>(null);

  function close() {
    form.resetFields();
    setError(null);
    onClose();
  }

  async function submit() {
    setError(null);
    // the match is checked first, before any other rule: a mismatch never reaches the server
    const { Newpassword = '', Repeat = '' } = form.getFieldsValue() as Partial<Values>;
    if (Newpassword !== Repeat) {
      setError(t('password.mismatch'));
      return;
    }
    try {
      await form.validateFields();
    } catch {
      return;
    }
    try {
      const answer = await change.mutateAsync({ userId: user.ID, password: Newpassword });
      toast.success(answer.message || t('password.changed'));
      close();
    } catch (failure) {
      setError(errorMessage(failure, t('common:errors.network')));
    }
  }

  return (
    <Modal
      open={open}
      title={t('password.title', { name: displayName(user) })}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ loading: change.isPending }}
      onOk={() => void submit()}
      onCancel={close}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={() => void submit()}>
        <Form.Item name="Newpassword" label={t('password.new')} rules={rules.password()}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="Repeat" label={t('password.repeat')} rules={[{ required: true, message: t('validation.passwordRequired') }]}>
          <Input.Password autoComplete="new-password" />
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
