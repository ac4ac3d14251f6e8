import type { Topic } from '@oqu/contracts';
import { Col, DatePicker, Input, InputNumber, Row, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Form } from '../../../components/Form';
import { FormFooter } from '../../../components/FormFooter';
import { FormFrame } from '../../../components/FormFrame';
import { RecordRoute } from '../../../components/RecordRoute';
import { type TopicBody, useSaveTopic, useTopic } from '../../../features/catalogue/api';
import { lessonTimeFromIso, lessonTimeToIso } from '../../../features/catalogue/format';
import { useEduTypes, usePlansAndTopics, useTopicTypes } from '../../../features/catalogue/pickers';
import { currentLanguage } from '../../../i18n';
import { errorMessage } from '../../../lib/api';
import { DATE_FORMAT, TIME_FORMAT } from '../../../lib/dates';
import { savedRecordId, useSaved } from '../../../lib/saved';
import { useFormSubmit } from '../../../lib/useFormSubmit';

const LIST_PATH = '/admin/themes';

interface Values {
  IDNumber?: string;
  PlanID?: number;
  Name: string;
  EduType?: number;
  TypeID?: number;
  Position?: number | null;
  TotalHour?: number | null;
  Date?: Dayjs | null;
  Description?: string;
  Thematic?: string;
  TextOne?: string;
  TextTwo?: string;
  TextThree?: string;
  TextFour?: string;
}

const TEXT_FIELDS = ['Description', 'Thematic', 'TextOne', 'TextTwo', 'TextThree', 'TextFour'] as const;
/** API field → form field, for the server's per-field messages (the spec's second spellings too). */
const FIELDS: Record<string, string> = {
  ...Object.fromEntries(
    ['IDNumber', 'PlanID', 'Name', 'EduType', 'TypeID', 'Position', 'TotalHour', 'Date', ...TEXT_FIELDS].map((f) => [f, f]),
  ),
  Topic: 'Name',
  Number: 'Position',
  Studyhour: 'TotalHour',
};

/** /admin/create-themes and /admin/edit-theme/{id}: one form, create without `:id`, edit with it. */
export default function ThemeFormPage() {
  const { t } = useTranslation('catalogue');
  return (
    <RecordRoute useRecord={useTopic} frame={{ title: t('topics.editTitle'), backTo: LIST_PATH, maxWidth: 960 }}>
      {(topic) => <ThemeForm topic={topic} />}
    </RecordRoute>
  );
}

function ThemeForm({ topic }: { topic?: Topic }) {
  const { t } = useTranslation('catalogue');
  const saved = useSaved();
  const [params] = useSearchParams();
  const [form] = Form.useForm<Values>();
  const save = useSaveTopic();
  const submit = useFormSubmit(form, FIELDS);
  const plans = usePlansAndTopics();
  const topicTypes = useTopicTypes();
  const eduTypes = useEduTypes();
  const editing = topic !== undefined;

  // a new topic starts with the first education type and the first teaching type (admin-back-office.md §7)
  useEffect(() => {
    if (editing) return;
    const firstEdu = eduTypes.data?.[0];
    if (firstEdu && form.getFieldValue('EduType') === undefined) form.setFieldValue('EduType', firstEdu.ID);
    const firstType = topicTypes.data?.[0];
    if (firstType && form.getFieldValue('TypeID') === undefined) form.setFieldValue('TypeID', firstType.ID);
  }, [editing, eduTypes.data, topicTypes.data, form]);

  const fromList = Number(params.get('plan'));
  const initialValues: Partial<Values> = topic
    ? {
        IDNumber: topic.IDNumber,
        PlanID: topic.PlanID,
        Name: topic.Name || topic.Topic,
        EduType: topic.EduType,
        TypeID: topic.TypeID,
        Position: topic.Position,
        TotalHour: topic.TotalHour,
        Date: lessonTimeFromIso(topic.Date),
        Description: topic.Description,
        Thematic: topic.Thematic,
        TextOne: topic.TextOne,
        TextTwo: topic.TextTwo,
        TextThree: topic.TextThree,
        TextFour: topic.TextFour,
      }
    : { Position: 0, TotalHour: 0, ...(Number.isInteger(fromList) && fromList > 0 ? { PlanID: fromList } : {}) };

  async function onFinish(values: Values) {
    const text = (value: string | undefined) => value?.trim() ?? '';
    const body: TopicBody = {
      PlanID: values.PlanID as number,
      Name: values.Name.trim(),
      IDNumber: text(values.IDNumber),
      Position: values.Position ?? 0,
      TotalHour: values.TotalHour ?? 0,
      TypeID: values.TypeID as number,
      EduType: values.EduType as number,
      Date: lessonTimeToIso(values.Date),
      Description: text(values.Description),
      Thematic: text(values.Thematic),
      TextOne: text(values.TextOne),
      TextTwo: text(values.TextTwo),
      TextThree: text(values.TextThree),
      TextFour: text(values.TextFour),
    };
    await submit.run(async () => {
      const answer = await save.mutateAsync({ id: topic?.ID, body });
      saved(
        answer.message || t(editing ? 'topics.saved' : 'topics.created', { name: body.Name }),
        LIST_PATH,
        savedRecordId(answer, topic?.ID),
      );
    });
  }

  const required = (message: string) => [{ required: true, message }];
  const longText = (name: (typeof TEXT_FIELDS)[number], key: string, rows = 3) => (
    <Form.Item name={name} label={t(key)}>
      <Input.TextArea autoSize={{ minRows: rows, maxRows: 12 }} />
    </Form.Item>
  );

  return (
    <FormFrame
      title={editing ? `${t('topics.editTitle')}: ${topic.Name || topic.Topic}` : t('topics.createTitle')}
      backTo={LIST_PATH}
      maxWidth={960}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={initialValues}
        onFinish={onFinish}
        disabled={submit.pending}
      >
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="IDNumber" label={t('topics.number')} extra={t('topics.numberHint')}>
              <Input autoComplete="off" maxLength={50} />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item name="PlanID" label={t('topics.plan')} rules={required(t('validation.planRequired'))}>
              <Select<number>
                showSearch={{ optionFilterProp: 'label' }}
                loading={plans.isFetching}
                options={(plans.data ?? []).map((plan) => ({ value: plan.ID, label: plan.Name }))}
                notFoundContent={plans.isError ? errorMessage(plans.error, t('common:errors.load')) : undefined}
              />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item
              name="Name"
              label={t('topics.name')}
              rules={[{ required: true, whitespace: true, message: t('validation.nameRequired') }]}
            >
              <Input autoComplete="off" maxLength={300} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="EduType" label={t('topics.eduType')} rules={required(t('validation.eduTypeRequired'))}>
              <Select<number> loading={eduTypes.isFetching} options={(eduTypes.data ?? []).map((i) => ({ value: i.ID, label: i.Name }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="TypeID" label={t('topics.type')} rules={required(t('validation.typeRequired'))}>
              <Select<number>
                loading={topicTypes.isFetching}
                options={(topicTypes.data ?? []).map((i) => ({ value: i.ID, label: i.Name }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={6}>
            <Form.Item name="Position" label={t('topics.position')} extra={t('topics.positionHint')}>
              <InputNumber min={0} precision={0} step={1} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={6}>
            <Form.Item name="TotalHour" label={t('topics.hours')}>
              <InputNumber
                min={0}
                max={10_000}
                step={0.5}
                precision={1}
                decimalSeparator={currentLanguage() === 'en' ? '.' : ','}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="Date" label={t('topics.date')} extra={t('topics.dateHint')}>
              <DatePicker
                showTime={{ format: TIME_FORMAT, minuteStep: 5 }}
                format={`${DATE_FORMAT} ${TIME_FORMAT}`}
                placeholder={t('topics.datePlaceholder')}
                // Enter confirms the picked time; it must not submit the whole form as well
                onKeyDown={(event) => {
                  if (event.key === 'Enter') event.preventDefault();
                }}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
        </Row>
        {longText('Description', 'topics.description')}
        {longText('Thematic', 'topics.thematic', 2)}
        {longText('TextOne', 'topics.textOne', 4)}
        {longText('TextTwo', 'topics.textTwo', 4)}
        <Row gutter={16}>
          <Col xs={24} md={12}>
            {longText('TextThree', 'topics.textThree')}
          </Col>
          <Col xs={24} md={12}>
            {longText('TextFour', 'topics.textFour')}
          </Col>
        </Row>
        <FormFooter editing={editing} pending={submit.pending} cancelTo={LIST_PATH} error={submit.error} />
      </Form>
    </FormFrame>
  );
}
