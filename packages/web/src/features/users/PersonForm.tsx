import type { User } from '@oqu/contracts';
import { Alert, Button, Card, Flex, Form, Input, Skeleton, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageTitle } from '../../components/PageTitle';
import { errorMessage, type NewPerson, type PersonFields, useUpdateUser, useUser } from './api';
import { CreateFlowFooter } from './CreateFlowFooter';
import { displayName } from './format';
import { PERSON_KINDS, type PersonKind } from './kinds';
import { LinkButton } from './LinkButton';
import { showFieldErrors, trimmed, usePersonRules } from './rules';
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

/**
 * Create or edit form of examiners, webinar teachers and audience accounts
 * (admin-back-office.md §2). `id` absent: create; present: edit. The role is fixed by `kind`.
 */
export function PersonForm({ kind, id }: { kind: PersonKind; id?: number }) {
  return id === undefined ? <CreatePerson kind={kind} /> : <EditPerson kind={kind} id={id} />;
}

/** Page title, back link and card around a person form. */
function Frame({ kind, title, children }: { kind: PersonKind; title: string; children: ReactNode }) {
  const { t } = useTranslation('people');
  const config = PERSON_KINDS[kind];
  return (
    <Flex vertical gap={16} style={{ maxWidth: 640 }}>
      <PageTitle extra={<LinkButton to={config.listPath}>{t('actions.back')}</LinkButton>}>{title}</PageTitle>
      <Card>{children}</Card>
    </Flex>
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
        <Form.Item name="IIN" label={t('fields.iin')} rules={rules.iin(creating)} extra={t('fields.iinHint')}>
          <Input inputMode="numeric" maxLength={12} autoComplete="off" disabled={disabled} />
        </Form.Item>
      )}
      {creating && (
        <Form.Item name="Password" label={t('fields.password')} rules={rules.password()}>
          <Input.Password autoComplete="new-password" disabled={disabled} />
        </Form.Item>
      )}
    </>
  );
}

function CreatePerson({ kind }: { kind: PersonKind }) {
  const { t } = useTranslation('people');
  const config = PERSON_KINDS[kind];
  const navigate = useNavigate();
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
    if (result.ok) navigate(config.listPath);
    else showFieldErrors(form, result.error, FIELD_NAMES);
  }

  return (
    <Frame kind={kind} title={t(`${config.i18n}.createTitle`)}>
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
          listPath={config.listPath}
        />
      </Form>
    </Frame>
  );
}

function EditPerson({ kind, id }: { kind: PersonKind; id: number }) {
  const { t } = useTranslation('people');
  const config = PERSON_KINDS[kind];
  const person = useUser(id);

  if (person.isPending) {
    return (
      <Frame kind={kind} title={t(`${config.i18n}.editTitle`)}>
        <Skeleton active />
      </Frame>
    );
  }
  if (person.isError) {
    return (
      <Frame kind={kind} title={t(`${config.i18n}.editTitle`)}>
        <Alert
          type="error"
          showIcon
          title={errorMessage(person.error, t('errors.load'))}
          action={
            <Button size="small" onClick={() => person.refetch()}>
              {t('actions.retry')}
            </Button>
          }
        />
      </Frame>
    );
  }
  // keyed by id so that going to another person starts from that person's values
  return <EditPersonForm key={person.data.ID} kind={kind} user={person.data} />;
}

function EditPersonForm({ kind, user }: { kind: PersonKind; user: User }) {
  const { t } = useTranslation('people');
  const config = PERSON_KINDS[kind];
  const navigate = useNavigate();
  const [form] = Form.useForm<PersonValues>();
  const update = useUpdateUser();
  const [error, setError] = useState<string | null>(null);

  const initialValues: PersonValues = {
    Lastname: user.Lastname,
    Firstname: user.Firstname,
    Patronomyc: user.Patronomyc,
    Fullname: user.Fullname,
    Username: user.Username || user.Login,
    IIN: user.IIN,
  };

  async function onFinish(values: PersonValues) {
    setError(null);
    const v = trimmed(values);
    const body: PersonFields = {
      ...(config.splitName ? { Lastname: v.Lastname, Firstname: v.Firstname, Patronomyc: v.Patronomyc ?? '' } : { Fullname: v.Fullname }),
      Username: v.Username,
      ...(config.iin && v.IIN ? { IIN: v.IIN } : {}),
    };
    try {
      await update.mutateAsync({ id: user.ID, body });
      navigate(config.listPath);
    } catch (failure) {
      setError(errorMessage(failure, t('errors.network')));
      showFieldErrors(form, failure, FIELD_NAMES);
    }
  }

  return (
    <Frame kind={kind} title={`${t(`${config.i18n}.editTitle`)}: ${displayName(user)}`}>
      {user.RoleID !== config.role && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('form.otherRole')} />}
      <Form<PersonValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={onFinish}
        requiredMark={false}
        disabled={update.isPending}
      >
        <PersonInputs kind={kind} creating={false} />
        {config.photos && (
          <Form.Item label={t('photos.label')} htmlFor={`${kind}-photos`}>
            <UserPhotos user={user} inputId={`${kind}-photos`} />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {t('actions.save')}
        </Button>
        {error && (
          <Typography.Paragraph type="danger" role="alert" style={{ marginTop: 12, marginBottom: 0 }}>
            {error}
          </Typography.Paragraph>
        )}
      </Form>
    </Frame>
  );
}
