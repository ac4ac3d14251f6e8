import type { User } from '@oqu/contracts';
import { Alert, Button, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from '../../components/Form';
import { FormError } from '../../components/FormError';
import { FormFrame } from '../../components/FormFrame';
import { RecordRoute } from '../../components/RecordRoute';
import { showFieldErrors } from '../../lib/fieldErrors';
import { useSaved } from '../../lib/saved';
import { useFormSubmit } from '../../lib/useFormSubmit';
import { type NewPerson, type PersonFields, useUpdateUser, useUser } from './api';
import { CreateFlowFooter } from './CreateFlowFooter';
import { displayName } from './format';
import { PERSON_KINDS, type PersonKind } from './kinds';
import { CHECKED_ON_LEAVING, trimmed, usePersonRules } from './rules';
import { UserPhotos } from './UserPhotos';
import { useCreatePerson } from './useCreatePerson';

interface PersonValues {
  Lastname?: string;
  Firstname?: string;
  Patronomyc?: string;
  Fullname?: string;
  Username?: string;
  IIN?: string;
  Password?: string;
}

const FIELD_NAMES = ['Lastname', 'Firstname', 'Patronomyc', 'Fullname', 'Username', 'IIN', 'Password'] as const;

const MAX_WIDTH = 640;

/**
 * Route element of the create or edit form of examiners, webinar teachers and audience accounts
 * (admin-back-office.md §2): create without `:id`, edit with it. The role is fixed by `kind`.
 */
export function PersonFormPage({ kind }: { kind: PersonKind }) {
  const { t } = useTranslation('people');
  const config = PERSON_KINDS[kind];
  return (
    <RecordRoute useRecord={useUser} frame={{ title: t(`${config.i18n}.editTitle`), backTo: config.listPath, maxWidth: MAX_WIDTH }}>
      {(user) => (user ? <EditPerson kind={kind} user={user} /> : <CreatePerson kind={kind} />)}
    </RecordRoute>
  );
}

/** The name, login and IIN fields, shared by create and edit. */
function PersonInputs({ kind, creating, disabled }: { kind: PersonKind; creating: boolean; disabled?: boolean }) {
  const { t } = useTranslation('people');
  const rules = usePersonRules();
  const config = PERSON_KINDS[kind];
  return (
    <>
      {config.splitName ? (
        <>
          <Form.Item name="Lastname" label={t('fields.lastname')} rules={rules.name()}>
            <Input autoComplete="off" disabled={disabled} />
          </Form.Item>
          <Form.Item name="Firstname" label={t('fields.firstname')} rules={rules.name()}>
            <Input autoComplete="off" disabled={disabled} />
          </Form.Item>
          <Form.Item name="Patronomyc" label={t('fields.patronymic')}>
            <Input autoComplete="off" disabled={disabled} />
          </Form.Item>
        </>
      ) : (
        <Form.Item name="Fullname" label={t('audience.nameLabel')} rules={rules.name()}>
          <Input autoComplete="off" disabled={disabled} />
        </Form.Item>
      )}
      <Form.Item name="Username" label={t('fields.login')} rules={rules.login()}>
        <Input autoComplete="off" disabled={disabled} />
      </Form.Item>
      {config.iin && (
        <Form.Item
          name="IIN"
          label={t('fields.iin')}
          rules={rules.iin(creating)}
          extra={t('fields.iinHint')}
          validateTrigger={CHECKED_ON_LEAVING}
        >
          <Input inputMode="numeric" maxLength={12} autoComplete="off" disabled={disabled} />
        </Form.Item>
      )}
      {creating && (
        <Form.Item name="Password" label={t('fields.password')} rules={rules.password()} validateTrigger={CHECKED_ON_LEAVING}>
          <Input.Password autoComplete="new-password" disabled={disabled} />
        </Form.Item>
      )}
    </>
  );
}

function CreatePerson({ kind }: { kind: PersonKind }) {
  const { t } = useTranslation('people');
  const config = PERSON_KINDS[kind];
  const saved = useSaved();
  const [form] = Form.useForm<PersonValues>();
  const [photos, setPhotos] = useState<File[]>([]);
  const flow = useCreatePerson({ onPhotoUploaded: (file) => setPhotos((list) => list.filter((f) => f !== file)) });
  const created = flow.createdId !== null;

  async function onFinish(values: PersonValues) {
    const v = trimmed(values);
    const body: NewPerson = {
      ...(config.splitName ? { Lastname: v.Lastname, Firstname: v.Firstname, Patronomyc: v.Patronomyc ?? '' } : { Fullname: v.Fullname }),
      Username: v.Username,
      IIN: v.IIN ?? '',
      Password: v.Password ?? '',
      RoleID: config.role,
    };
    const result = await flow.submit(body, config.photos ? photos : []);
    if (result.ok) saved(t('form.created', { name: displayName(body) }), config.listPath, result.id);
    else showFieldErrors(form, result.error, FIELD_NAMES);
  }

  return (
    <FormFrame title={t(`${config.i18n}.createTitle`)} backTo={config.listPath} maxWidth={MAX_WIDTH}>
      <Form<PersonValues>
        form={form}
        layout="vertical"
        onFinish={onFinish}
        onFinishFailed={() => flow.setError(null)}
        requiredMark={false}
        disabled={flow.pending}
      >
        <PersonInputs kind={kind} creating disabled={created} />
        <CreateFlowFooter
          flow={flow}
          offerPhotos={config.photos}
          photoInputId={`${kind}-photos`}
          photos={photos}
          onPhotosChange={setPhotos}
          accountPath={config.editPath}
        />
      </Form>
    </FormFrame>
  );
}

function EditPerson({ kind, user }: { kind: PersonKind; user: User }) {
  const { t } = useTranslation('people');
  const config = PERSON_KINDS[kind];
  const saved = useSaved();
  const [form] = Form.useForm<PersonValues>();
  const update = useUpdateUser();
  const submit = useFormSubmit(form, FIELD_NAMES);

  const initialValues: PersonValues = {
    Lastname: user.Lastname,
    Firstname: user.Firstname,
    Patronomyc: user.Patronomyc,
    Fullname: user.Fullname,
    Username: user.Username || user.Login,
    IIN: user.IIN,
  };

  async function onFinish(values: PersonValues) {
    const v = trimmed(values);
    const body: PersonFields = {
      ...(config.splitName ? { Lastname: v.Lastname, Firstname: v.Firstname, Patronomyc: v.Patronomyc ?? '' } : { Fullname: v.Fullname }),
      Username: v.Username,
      ...(config.iin && v.IIN ? { IIN: v.IIN } : {}),
    };
    await submit.run(async () => {
      await update.mutateAsync({ id: user.ID, body });
      saved(t('form.saved', { name: displayName({ ...user, ...body }) }), config.listPath, user.ID);
    });
  }

  return (
    <FormFrame title={`${t(`${config.i18n}.editTitle`)}: ${displayName(user)}`} backTo={config.listPath} maxWidth={MAX_WIDTH}>
      {user.RoleID !== config.role && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('form.otherRole')} />}
      <Form<PersonValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={onFinish}
        requiredMark={false}
        disabled={submit.pending}
      >
        <PersonInputs kind={kind} creating={false} />
        {config.photos && (
          <Form.Item label={t('photos.label')} htmlFor={`${kind}-photos`}>
            <UserPhotos user={user} inputId={`${kind}-photos`} />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" loading={submit.pending}>
          {t('common:actions.save')}
        </Button>
        <FormError error={submit.error} />
      </Form>
    </FormFrame>
  );
}
