import { MAX_TEST_DURATION_MINUTES, type Test } from '@oqu/contracts';
import { Checkbox, Flex, Input, InputNumber, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Form } from '../../../components/Form';
import { FormFooter } from '../../../components/FormFooter';
import { FormFrame } from '../../../components/FormFrame';
import { RecordRoute } from '../../../components/RecordRoute';
import { usePlansAndTopics } from '../../../features/catalogue/pickers';
import { useSaveTest, useTest } from '../../../features/tests/api';
import { planOptions, topicOptions } from '../../../features/tests/components/PlanTopicFilter';
import { type TestValues, testInitialValues, testRequestBody } from '../../../features/tests/testForm';
import { readListParams } from '../../../lib/listParams';
import { useSaved } from '../../../lib/saved';
import { useFormSubmit } from '../../../lib/useFormSubmit';

const FIELD_NAMES = ['Type', 'Name', 'Description', 'PlanID', 'TopicID', 'Duration', 'PassMarks', 'Position'] as const;
const LIST_PATH = '/admin/tests';
const PRESET_FILTERS = ['plan', 'topic'] as const;
const MAX_WIDTH = 720;

/** /admin/create-test and /admin/edit-test/{id} (admin-back-office.md §2 Tests). */
export default function TestFormPage() {
  const { t } = useTranslation('tests');
  return (
    <RecordRoute
      useRecord={useTest}
      frame={{ title: t('tests.editTitle'), backTo: LIST_PATH, backLabel: t('form.backToList'), maxWidth: MAX_WIDTH }}
    >
      {(test) => <TestForm test={test} />}
    </RecordRoute>
  );
}

function TestForm({ test }: { test?: Test }) {
  const { t } = useTranslation('tests');
  const saved = useSaved();
  const [params] = useSearchParams();
  const [form] = Form.useForm<TestValues>();
  const save = useSaveTest();
  const submit = useFormSubmit(form, FIELD_NAMES);
  const catalogue = usePlansAndTopics();

  // a new test may start in the plan and topic the list was filtered by
  const preset = readListParams(params, PRESET_FILTERS);
  const [initialValues] = useState(() => testInitialValues(test, preset));
  const planId = Form.useWatch('PlanID', form);
  const webinar = Form.useWatch('Type', form);

  async function onFinish(values: TestValues) {
    await submit.run(async () => {
      const body = testRequestBody(values);
      const id = await save.mutateAsync({ id: test?.ID, body });
      saved(t(test ? 'tests.saved' : 'tests.created', { name: body.Name }), LIST_PATH, id);
    });
  }

  const required = (message: string) => [{ required: true, message }];

  return (
    <FormFrame
      title={test ? `${t('tests.editTitle')}: ${test.Name}` : t('tests.createTitle')}
      backTo={LIST_PATH}
      backLabel={t('form.backToList')}
      maxWidth={MAX_WIDTH}
    >
      <Form<TestValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={onFinish}
        onFinishFailed={() => submit.setError(null)}
        requiredMark="optional"
        disabled={submit.pending}
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
            notFoundContent={catalogue.isError ? t('common:errors.load') : undefined}
            onChange={() => form.setFieldValue('TopicID', undefined)}
          />
        </Form.Item>
        <Form.Item name="TopicID" label={t('fields.topic')} rules={required(t('validation.topic'))}>
          <Select<number>
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={planId ? t('form.chooseTopic') : t('filters.topicNeedsPlan')}
            disabled={!planId || submit.pending}
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
        <FormFooter editing={test !== undefined} pending={submit.pending} cancelTo={LIST_PATH} error={submit.error} />
      </Form>
    </FormFrame>
  );
}
