import { MAX_TEST_DURATION_MINUTES, type Test } from '@oqu/contracts';
import { Alert, Button, Card, Checkbox, Flex, Form, Input, InputNumber, Select, Skeleton, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/ButtonLink';
import { PageTitle } from '../../../components/PageTitle';
import { usePlansAndTopics } from '../../../features/catalogue/pickers';
import { useSaveTest, useTest } from '../../../features/tests/api';
import { planOptions, topicOptions } from '../../../features/tests/components/PlanTopicFilter';
import { readListParams } from '../../../features/tests/listParams';
import { type TestValues, testInitialValues, testRequestBody } from '../../../features/tests/testForm';
import { errorMessage } from '../../../features/users/api';
import { showFieldErrors } from '../../../features/users/rules';

const FIELD_NAMES = ['Type', 'Name', 'Description', 'PlanID', 'TopicID', 'Duration', 'PassMarks', 'Position'] as const;
const LIST_PATH = '/admin/tests';

/** /admin/create-test and /admin/edit-test/{id} (admin-back-office.md §2 Tests). */
export default function TestFormPage() {
  const { t } = useTranslation('tests');
  const { id } = useParams();
  if (id === undefined) return <TestForm />;
  const numeric = Number(id);
  if (!Number.isInteger(numeric) || numeric <= 0) {
    return (
      <Frame title={t('tests.editTitle')}>
        <Alert type="error" showIcon title={t('errors.notFound')} />
      </Frame>
    );
  }
  return <EditTest id={numeric} />;
}

function Frame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('tests');
  return (
    <Flex vertical gap={16} style={{ maxWidth: 720 }}>
      <PageTitle extra={<ButtonLink to={LIST_PATH}>{t('actions.back')}</ButtonLink>}>{title}</PageTitle>
      <Card>{children}</Card>
    </Flex>
  );
}

function EditTest({ id }: { id: number }) {
  const { t } = useTranslation('tests');
  const test = useTest(id);
  if (test.isPending) {
    return (
      <Frame title={t('tests.editTitle')}>
        <Skeleton active />
      </Frame>
    );
  }
  if (test.isError) {
    return (
      <Frame title={t('tests.editTitle')}>
        <Alert
          type="error"
          showIcon
          title={errorMessage(test.error, t('errors.load'))}
          action={
            <Button size="small" onClick={() => test.refetch()}>
              {t('actions.retry')}
            </Button>
          }
        />
      </Frame>
    );
  }
  // keyed by id so that another test starts from its own values
  return <TestForm key={test.data.ID} test={test.data} />;
}

function TestForm({ test }: { test?: Test }) {
  const { t } = useTranslation('tests');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<TestValues>();
  const save = useSaveTest();
  const [error, setError] = useState<string | null>(null);
  const catalogue = usePlansAndTopics();

  // a new test may start in the plan and topic the list was filtered by
  const preset = readListParams(params);
  const [initialValues] = useState(() => testInitialValues(test, preset));
  const planId = Form.useWatch('PlanID', form);
  const webinar = Form.useWatch('Type', form);

  async function onFinish(values: TestValues) {
    setError(null);
    try {
      await save.mutateAsync({ id: test?.ID, body: testRequestBody(values) });
      navigate(LIST_PATH);
    } catch (failure) {
      setError(errorMessage(failure, t('errors.network')));
      showFieldErrors(form, failure, FIELD_NAMES);
    }
  }

  const required = (message: string) => [{ required: true, message }];

  return (
    <Frame title={test ? `${t('tests.editTitle')}: ${test.Name}` : t('tests.createTitle')}>
      <Form<TestValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={onFinish}
        onFinishFailed={() => setError(null)}
        requiredMark="optional"
        disabled={save.isPending}
        scrollToFirstError
      >
        <Form.Item name="Type" valuePropName="checked">
          <Checkbox>{t('fields.relatesToWebinar')}</Checkbox>
        </Form.Item>
        <Form.Item name="Name" label={t('fields.name')} rules={[{ required: true, whitespace: true, message: t('validation.name') }]}>
          <Input maxLength={300} autoComplete="off" />
        </Form.Item>
        <Form.Item name="Description" label={t('fields.description')}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} maxLength={5000} />
        </Form.Item>
        <Form.Item name="PlanID" label={t('fields.plan')} rules={required(t('validation.plan'))}>
          <Select<number>
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('form.choosePlan')}
            loading={catalogue.isPending}
            options={planOptions(catalogue.data)}
            notFoundContent={catalogue.isError ? t('errors.load') : undefined}
            onChange={() => form.setFieldValue('TopicID', undefined)}
          />
        </Form.Item>
        <Form.Item name="TopicID" label={t('fields.topic')} rules={required(t('validation.topic'))}>
          <Select<number>
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={planId ? t('form.chooseTopic') : t('filters.topicNeedsPlan')}
            disabled={!planId || save.isPending}
            options={topicOptions(catalogue.data, planId)}
            notFoundContent={t('form.planHasNoTopics')}
          />
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item
            name="Duration"
            label={t('fields.durationMinutes')}
            rules={[
              {
                type: 'integer',
                min: 1,
                max: MAX_TEST_DURATION_MINUTES,
                message: t('validation.duration', { max: MAX_TEST_DURATION_MINUTES }),
              },
            ]}
          >
            <InputNumber min={1} max={MAX_TEST_DURATION_MINUTES} precision={0} step={5} style={{ width: 180 }} />
          </Form.Item>
          <Form.Item
            name="PassMarks"
            label={t('fields.passMarksPercent')}
            extra={t('form.passMarksHint')}
            rules={[{ type: 'integer', min: 0, max: 100, message: t('validation.passMarks') }]}
          >
            <InputNumber min={0} max={100} precision={0} style={{ width: 180 }} />
          </Form.Item>
          {webinar && (
            <Form.Item
              name="Position"
              label={t('fields.position')}
              extra={t('form.positionHint')}
              rules={[{ type: 'integer', min: 0, message: t('validation.position') }]}
            >
              <InputNumber min={0} precision={0} style={{ width: 180 }} />
            </Form.Item>
          )}
        </Flex>
        <Flex gap={8} wrap>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {test ? t('actions.save') : t('actions.create')}
          </Button>
          <ButtonLink to={LIST_PATH} disabled={false}>
            {t('actions.cancel')}
          </ButtonLink>
        </Flex>
        {error && (
          <Typography.Paragraph type="danger" role="alert" style={{ marginTop: 12, marginBottom: 0 }}>
            {error}
          </Typography.Paragraph>
        )}
      </Form>
    </Frame>
  );
}
