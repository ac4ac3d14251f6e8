import { ALL_ROLES, Role } from '@oqu/contracts';
import { Col, Input, Row, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from '../../../components/Form';
import { FormFrame } from '../../../components/FormFrame';
import type { NewPerson } from '../../../features/users/api';
import { CreateFlowFooter } from '../../../features/users/CreateFlowFooter';
import { usePeopleFormat } from '../../../features/users/format';
import { NO_REGION, RegionSelect } from '../../../features/users/RegionSelect';
import { CHECKED_ON_LEAVING, trimmed, usePersonRules } from '../../../features/users/rules';
import { useCreatePerson } from '../../../features/users/useCreatePerson';
import { showFieldErrors } from '../../../lib/fieldErrors';
import { useSaved } from '../../../lib/saved';

const LIST_PATH = '/admin/users';
const FIELD_NAMES = ['Fullname', 'Department', 'Duty', 'Tabel', 'Username', 'Password', 'IIN', 'RoleID', 'RegionID'] as const;

interface Values {
  Fullname: string;
  Department?: string;
  Duty?: string;
  Tabel?: string;
  Username: string;
  Password: string;
  IIN: string;
  RoleID: number;
  /** trainees only: their exam-audience account (NO_REGION for none) */
  RegionID?: number;
}

/**
 * /admin/create-user: creates a person, then sends the chosen photos one at a time with a
 * progress bar. A refusal shows the server's message under the form and keeps what was typed.
 */
export default function CreateUserPage() {
  const { t } = useTranslation('people');
  const format = usePeopleFormat();
  const rules = usePersonRules();
  const saved = useSaved();
  const [form] = Form.useForm<Values>();
  const [photos, setPhotos] = useState<File[]>([]);
  const flow = useCreatePerson({ onPhotoUploaded: (file) => setPhotos((list) => list.filter((f) => f !== file)) });
  const created = flow.createdId !== null;
  const trainee = Form.useWatch('RoleID', form) === Role.Trainee;

  async function onFinish(values: Values) {
    const v = trimmed(values);
    const body: NewPerson = {
      Fullname: v.Fullname,
      Department: v.Department ?? '',
      Duty: v.Duty ?? '',
      Tabel: v.Tabel ?? '',
      Username: v.Username,
      Password: v.Password,
      IIN: v.IIN,
      RoleID: v.RoleID,
      ...(v.RoleID === Role.Trainee && v.RegionID ? { RegionID: v.RegionID } : {}),
    };
    const result = await flow.submit(body, photos);
    if (result.ok) saved(t('form.created', { name: body.Fullname }), LIST_PATH, result.id);
    else showFieldErrors(form, result.error, FIELD_NAMES);
  }

  return (
    <FormFrame title={t('users.createTitle')} backTo={LIST_PATH}>
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ RoleID: Role.Trainee, RegionID: NO_REGION }}
        onFinish={onFinish}
        disabled={flow.pending}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="Fullname" label={t('fields.fullname')} rules={rules.name()}>
              <Input autoComplete="off" disabled={created} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="IIN"
              label={t('fields.iin')}
              rules={rules.iin(true)}
              extra={t('fields.iinHint')}
              validateTrigger={CHECKED_ON_LEAVING}
            >
              <Input inputMode="numeric" maxLength={12} autoComplete="off" disabled={created} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="Department" label={t('fields.department')}>
              <Input autoComplete="off" disabled={created} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="Duty" label={t('fields.duty')}>
              <Input autoComplete="off" disabled={created} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="Tabel" label={t('fields.tabel')}>
              <Input autoComplete="off" disabled={created} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="RoleID" label={t('fields.role')}>
              <Select<number> disabled={created} options={ALL_ROLES.map((id) => ({ value: id, label: format.role(id) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="Username" label={t('fields.login')} rules={rules.login()}>
              <Input autoComplete="off" disabled={created} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="Password" label={t('fields.password')} rules={rules.password()} validateTrigger={CHECKED_ON_LEAVING}>
              <Input.Password autoComplete="new-password" disabled={created} />
            </Form.Item>
          </Col>
          {trainee && (
            <Col xs={24} md={12}>
              <Form.Item name="RegionID" label={t('fields.region')} extra={t('region.hint')}>
                <RegionSelect disabled={created} data-testid="create-user-region" />
              </Form.Item>
            </Col>
          )}
        </Row>
        <CreateFlowFooter
          flow={flow}
          offerPhotos
          photoInputId="create-user-photos"
          photos={photos}
          onPhotosChange={setPhotos}
          accountPath={() => `${LIST_PATH}?${new URLSearchParams({ search: form.getFieldValue('IIN') ?? '' })}`}
        />
      </Form>
    </FormFrame>
  );
}
