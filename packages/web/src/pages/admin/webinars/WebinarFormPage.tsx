import { schedulesOwnOnly, WEBINAR_DEFAULT_DURATION, WEBINAR_MAX_DURATION, type Webinar, type WebinarRequest } from '@oqu/contracts';
import { App, Button, Flex, Input, Select, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ButtonLink } from '../../../components/ButtonLink';
import { Form } from '../../../components/Form';
import { FormError } from '../../../components/FormError';
import { FormFrame } from '../../../components/FormFrame';
import { LoadError } from '../../../components/LoadError';
import { RecordRoute } from '../../../components/RecordRoute';
import { ScheduleFields } from '../../../components/ScheduleFields';
import { usePlansAndTopics } from '../../../features/catalogue/pickers';
import { planOptions, topicOptions } from '../../../features/tests/components/PlanTopicFilter';
import { createWebinar, updateWebinar, uploadWebinarPreview, useWebinar, useWebinarMutation } from '../../../features/webinars/api';
import { WEBINAR_FIELD_NAMES, type WebinarValues, webinarInitialValues, webinarRequestBody } from '../../../features/webinars/lists/form';
import { useTeachers } from '../../../features/webinars/lists/hooks';
import { PreviewPicker } from '../../../features/webinars/lists/PreviewPicker';
import { ADMIN_PATHS } from '../../../features/webinars/lists/paths';
import { errorMessage } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { useFormSubmit } from '../../../lib/useFormSubmit';

const MAX_WIDTH = 760;
const PREVIEW_INPUT_ID = 'webinar-preview';
const PREVIEW_HINT_ID = 'webinar-preview-hint';

/** /admin/create-webinar and /admin/edit-webinar/{id} (admin-back-office.md §2 Webinars, §5, §9). */
export default function WebinarFormPage() {
  const { t } = useTranslation('webinars');
  return (
    <RecordRoute
      useRecord={useWebinar}
      frame={{ title: t('form.editTitle'), backTo: ADMIN_PATHS.list, backLabel: t('form.backToList'), maxWidth: MAX_WIDTH }}
    >
      {(webinar) => <WebinarFormLoader webinar={webinar} />}
    </RecordRoute>
  );
}

/** The pickers' data comes first: a new webinar starts with the first plan, topic and teacher chosen. */
function WebinarFormLoader({ webinar }: { webinar?: Webinar }) {
  const { t } = useTranslation('webinars');
  const catalogue = usePlansAndTopics();
  const teachers = useTeachers();
  const title = webinar ? `${t('form.editTitle')}: ${webinar.Webinarname}` : t('form.createTitle');

  if (!catalogue.data || !teachers.data) {
    const failed = catalogue.isError ? catalogue : teachers.isError ? teachers : null;
    return (
      <FormFrame title={title} backTo={ADMIN_PATHS.list} backLabel={t('form.backToList')} maxWidth={MAX_WIDTH}>
        {failed ? <LoadError error={failed.error} onRetry={() => void failed.refetch()} /> : <Skeleton active />}
      </FormFrame>
    );
  }
  return <WebinarForm webinar={webinar} title={title} />;
}

/**
 * The webinar is saved first; a chosen preview goes after it (POST /uploadF with WebID and Types
 * 'preview'), with a progress bar. Should the preview be refused after a new webinar was created, the
 * edit form opens so that only the preview has to be chosen again.
 */
function WebinarForm({ webinar, title }: { webinar?: Webinar; title: string }) {
  const { t } = useTranslation('webinars');
  const { message: toast } = App.useApp();
  const navigate = useNavigate();
  const session = useSession();
  const [form] = Form.useForm<WebinarValues>();
  const submit = useFormSubmit(form, WEBINAR_FIELD_NAMES);
  const catalogue = usePlansAndTopics();
  const teachers = useTeachers();
  const create = useWebinarMutation(createWebinar);
  const update = useWebinarMutation(({ id, body }: { id: number; body: WebinarRequest }) => updateWebinar(id, body));
  const [preview, setPreview] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [initialValues] = useState(() =>
    webinarInitialValues(webinar, {
      plans: catalogue.data ?? [],
      teachers: teachers.data ?? [],
      self: session && schedulesOwnOnly(session.RoleID) ? session.ID : undefined,
    }),
  );
  const planId = Form.useWatch('PlanID', form) ?? initialValues.PlanID;

  async function onFinish(values: WebinarValues) {
    const body = webinarRequestBody(values);
    if (!body) return;
    await submit.run(async () => {
      let id = webinar?.ID;
      if (id) {
        const answer = await update.mutateAsync({ id, body });
        if (!preview) toast.success(answer.message || t('form.saved', { name: body.Name }));
      } else {
        const answer = await create.mutateAsync(body);
        id = answer.web.ID;
        if (!preview) toast.success(answer.message || t('form.created', { name: body.Name }));
      }
      if (preview) {
        setProgress(0);
        try {
          await uploadWebinarPreview(id, preview, setProgress);
        } catch (failure) {
          if (webinar) throw failure;
          // the webinar exists now: its edit form takes the preview again
          toast.warning(t('form.previewFailedAfterCreate', { message: errorMessage(failure, t('common:errors.network')) }), 8);
          navigate(ADMIN_PATHS.edit(id), { replace: true });
          return;
        } finally {
          setProgress(null);
        }
        toast.success(t(webinar ? 'form.saved' : 'form.created', { name: body.Name }));
      }
      navigate(ADMIN_PATHS.list, { state: { savedId: id } });
    });
  }

  const required = (message: string) => [{ required: true, message }];
  const pending = submit.pending;
  return (
    <FormFrame title={title} backTo={ADMIN_PATHS.list} backLabel={t('form.backToList')} maxWidth={MAX_WIDTH}>
      <Form<WebinarValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={onFinish}
        onFinishFailed={() => submit.setError(null)}
        requiredMark="optional"
        disabled={pending}
        scrollToFirstError
      >
        <Form.Item name="Name" label={t('fields.name')} rules={[{ required: true, whitespace: true, message: t('validation.name') }]}>
          <Input maxLength={300} autoComplete="off" data-testid="webinar-form-name" />
        </Form.Item>
        <Form.Item name="Description" label={t('fields.description')}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} maxLength={5000} data-testid="webinar-form-description" />
        </Form.Item>
        <Form.Item name="PlanID" label={t('fields.plan')} rules={required(t('validation.plan'))}>
          <Select<number>
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('form.choosePlan')}
            options={planOptions(catalogue.data)}
            notFoundContent={t('form.noPlans')}
            onChange={() => form.setFieldValue('TopicID', undefined)}
            data-testid="webinar-form-plan"
          />
        </Form.Item>
        <Form.Item name="TopicID" label={t('fields.topic')} rules={required(t('validation.topic'))}>
          <Select<number>
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={planId ? t('form.chooseTopic') : t('form.topicNeedsPlan')}
            disabled={!planId || pending}
            options={topicOptions(catalogue.data, planId)}
            notFoundContent={t('form.planHasNoTopics')}
            data-testid="webinar-form-topic"
          />
        </Form.Item>
        <ScheduleFields
          namespace="webinars"
          duration={{ labelKey: 'fields.durationMinutes', max: WEBINAR_MAX_DURATION, placeholder: WEBINAR_DEFAULT_DURATION }}
          testIdPrefix="webinar-form"
        />
        <Form.Item name="TeacherID" label={t('fields.teacher')} rules={required(t('validation.teacher'))}>
          <Select<number>
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('form.chooseTeacher')}
            options={(teachers.data ?? []).map((teacher) => ({ value: teacher.ID, label: teacher.Fullname || teacher.Login }))}
            notFoundContent={t('form.noTeachers')}
            data-testid="webinar-form-teacher"
          />
        </Form.Item>
        <Form.Item label={t('fields.preview')} htmlFor={PREVIEW_INPUT_ID} extra={<span id={PREVIEW_HINT_ID}>{t('form.previewHint')}</span>}>
          <PreviewPicker
            id={PREVIEW_INPUT_ID}
            value={preview}
            onChange={setPreview}
            current={webinar?.Preview}
            progress={progress}
            disabled={pending}
            describedBy={PREVIEW_HINT_ID}
          />
        </Form.Item>
        <Flex gap={8} wrap>
          <Button type="primary" htmlType="submit" loading={pending} data-testid="webinar-form-submit">
            {webinar ? t('common:actions.save') : t('common:actions.create')}
          </Button>
          <ButtonLink to={ADMIN_PATHS.list}>{t('common:actions.cancel')}</ButtonLink>
        </Flex>
        <FormError error={submit.error} />
      </Form>
    </FormFrame>
  );
}
