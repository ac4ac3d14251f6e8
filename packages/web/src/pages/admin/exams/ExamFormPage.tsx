import { EXAM_DEFAULT_DURATION, EXAM_MAX_DURATION, type Exam, type ExamField, type ExamRequest } from '@oqu/contracts';
import { Alert, Button, ConfigProvider, Flex, Input, InputNumber, Select, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ButtonLink';
import { Form } from '../../../components/Form';
import { FormError } from '../../../components/FormError';
import { FormFrame } from '../../../components/FormFrame';
import { LoadError } from '../../../components/LoadError';
import { RecordRoute } from '../../../components/RecordRoute';
import { ScheduleFields } from '../../../components/ScheduleFields';
import { useExamTypes, usePlansAndTopics } from '../../../features/catalogue/pickers';
import { createExam, updateExam, useExam, useExaminerOptions, useExamMutation, usePlanTestCount } from '../../../features/exams/api';
import { chairOf, EXAM_FIELD_NAMES, type ExamValues, examFormLock, examInitialValues, examRequestBody } from '../../../features/exams/form';
import { EXAM_PATHS } from '../../../features/exams/paths';
import { planOptions } from '../../../features/tests/components/PlanTopicFilter';
import { useRegionOptions } from '../../../features/users/api';
import { savedRecordId, useSaved } from '../../../lib/saved';
import { useFormSubmit } from '../../../lib/useFormSubmit';

const MAX_WIDTH = 760;
const PASS_MARKS_ID = 'exam-pass-marks';
const PASS_MARKS_SUFFIX_ID = 'exam-pass-marks-suffix';
/** Locked fields are a record to read, not greyed out past reading: antd's disabled text fails contrast (axe). */
const LOCKED_FIELDS_THEME = { token: { colorTextDisabled: 'rgba(0, 0, 0, 0.65)' } };

/**
 * /admin/create-exam and /admin/edit-exam/{id} (admin-back-office.md §2 Exam, §5): with the
 * commission's chair among its examiners. An exam that has begun or has votes keeps its fields
 * read-only but those the server still lets change, the reason above the form; a signed one is
 * read-only entirely.
 */
export default function ExamFormPage() {
  const { t } = useTranslation('exams');
  return (
    <RecordRoute
      useRecord={useExam}
      frame={{ title: t('form.editTitle'), backTo: EXAM_PATHS.list, backLabel: t('form.backToList'), maxWidth: MAX_WIDTH }}
    >
      {(exam) => <ExamFormLoader exam={exam} />}
    </RecordRoute>
  );
}

/** The pickers' data comes first: a new exam starts with the first exam type chosen. */
function ExamFormLoader({ exam }: { exam?: Exam }) {
  const { t } = useTranslation('exams');
  const queries = [usePlansAndTopics(), useExamTypes(), useExaminerOptions(), useRegionOptions()];
  const title = exam ? `${t('form.editTitle')}: ${exam.Name}` : t('form.createTitle');
  if (queries.some((query) => !query.data)) {
    const failed = queries.find((query) => query.isError);
    return (
      <FormFrame title={title} backTo={EXAM_PATHS.list} backLabel={t('form.backToList')} maxWidth={MAX_WIDTH}>
        {failed ? <LoadError error={failed.error} onRetry={() => void failed.refetch()} /> : <Skeleton active />}
      </FormFrame>
    );
  }
  return <ExamForm exam={exam} title={title} />;
}

function ExamForm({ exam, title }: { exam?: Exam; title: string }) {
  const { t } = useTranslation('exams');
  const saved = useSaved();
  const [form] = Form.useForm<ExamValues>();
  const submit = useFormSubmit(form, EXAM_FIELD_NAMES);
  const plans = usePlansAndTopics();
  const types = useExamTypes();
  const examiners = useExaminerOptions();
  const regions = useRegionOptions();
  const create = useExamMutation(createExam);
  const update = useExamMutation(({ id, body }: { id: number; body: ExamRequest }) => updateExam(id, body));
  const [initialValues] = useState(() => examInitialValues(exam, types.data ?? []));
  const lock = examFormLock(exam, t('form.signedReason'));
  const planId = Form.useWatch('PlanID', form) ?? initialValues.PlanID;
  const chosenExaminers = Form.useWatch('Examenators', form) ?? initialValues.Examenators;
  const testCount = usePlanTestCount(planId);
  // the plan's count as the exam last read it, until the tests list answers
  const count = testCount.data ?? (exam && planId === exam.PlanID ? exam.TestCount : undefined);

  async function onFinish(values: ExamValues) {
    const body = examRequestBody(values);
    if (!body) return;
    await submit.run(async () => {
      const answer = exam ? await update.mutateAsync({ id: exam.ID, body }) : await create.mutateAsync(body);
      saved(
        answer.message || t(exam ? 'form.saved' : 'form.created', { name: body.Name }),
        EXAM_PATHS.list,
        savedRecordId(answer, exam?.ID),
      );
    });
  }

  const required = (message: string) => [{ required: true, message }];
  const people = (list: readonly { ID: number; Fullname: string; Login: string }[] | undefined) =>
    (list ?? []).map((person) => ({ value: person.ID, label: person.Fullname || person.Login }));
  const regionOptions = people(regions.data);
  const examinerOptions = people(examiners.data);
  const chairOptions = examinerOptions.filter((option) => chosenExaminers.includes(option.value));
  const pending = submit.pending;
  // a field's own `disabled` outranks the form's: each says saving and the lock together
  const locked = (field: ExamField) => pending || !lock.editable(field);
  return (
    <FormFrame title={title} backTo={EXAM_PATHS.list} backLabel={t('form.backToList')} maxWidth={MAX_WIDTH}>
      {lock.reason && (
        <Alert
          type={lock.readOnly ? 'info' : 'warning'}
          showIcon
          title={lock.readOnly ? t('form.readOnly') : t('form.lockedTitle')}
          description={lock.reason}
          style={{ marginBottom: 16 }}
          data-testid="exam-form-lock"
        />
      )}
      <ConfigProvider theme={LOCKED_FIELDS_THEME}>
        <Form<ExamValues>
          form={form}
          layout="vertical"
          initialValues={initialValues}
          onFinish={onFinish}
          onFinishFailed={() => submit.setError(null)}
          // the chair stays one of the examiners: dropping them hands the chair to the first
          onValuesChange={(changed: Partial<ExamValues>, all) => {
            if (changed.Examenators) form.setFieldValue('ChairID', chairOf(changed.Examenators, all.ChairID));
          }}
          requiredMark="optional"
          disabled={pending || lock.readOnly}
          scrollToFirstError
        >
          <Form.Item name="Name" label={t('fields.name')} rules={[{ required: true, whitespace: true, message: t('validation.name') }]}>
            <Input maxLength={300} autoComplete="off" disabled={locked('Name')} data-testid="exam-form-name" />
          </Form.Item>
          <Form.Item name="PlanID" label={t('fields.plan')} rules={required(t('validation.plan'))}>
            <Select<number>
              disabled={locked('PlanID')}
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('form.choosePlan')}
              options={planOptions(plans.data)}
              notFoundContent={t('form.noPlans')}
              data-testid="exam-form-plan"
            />
          </Form.Item>
          <Form.Item name="TypeID" label={t('fields.type')} rules={required(t('validation.type'))}>
            <Select<number>
              disabled={locked('TypeID')}
              placeholder={t('form.chooseType')}
              options={(types.data ?? []).map((type) => ({ value: type.ID, label: type.Name }))}
              data-testid="exam-form-type"
            />
          </Form.Item>
          <Form.Item
            name="Examenators"
            label={t('fields.examiners')}
            rules={[{ required: true, type: 'array', min: 1, message: t('validation.examiners') }]}
          >
            <Select<number[]>
              mode="multiple"
              disabled={locked('Examenators')}
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('form.chooseExaminers')}
              options={examinerOptions}
              notFoundContent={t('form.noExaminers')}
              data-testid="exam-form-examiners"
            />
          </Form.Item>
          <Form.Item name="ChairID" label={t('fields.chair')} extra={t('form.chairHint')} rules={required(t('validation.chair'))}>
            <Select<number>
              disabled={locked('ChairID')}
              placeholder={t('form.chooseChair')}
              options={chairOptions}
              notFoundContent={t('form.chairNoExaminers')}
              data-testid="exam-form-chair"
            />
          </Form.Item>
          {/* audiences only when some exist (§2); with none chosen every trainee of the plan takes the exam */}
          {regionOptions.length > 0 && (
            <Form.Item name="Regions" label={t('fields.regions')} extra={t('form.regionsHint')}>
              <Select<number[]>
                mode="multiple"
                disabled={locked('Regions')}
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('form.chooseRegions')}
                options={regionOptions}
                data-testid="exam-form-regions"
              />
            </Form.Item>
          )}
          <Form.Item label={t('fields.passMarks')} htmlFor={PASS_MARKS_ID} required extra={t('form.passMarksHint')}>
            <Flex gap={8} align="center" wrap>
              <Form.Item
                name="PassMarks"
                noStyle
                rules={[
                  { required: true, type: 'integer', min: 0, message: t('validation.passMarks') },
                  {
                    type: 'integer',
                    max: count ?? Number.MAX_SAFE_INTEGER,
                    message: t('validation.passMarksMax', { max: count ?? 0 }),
                  },
                ]}
              >
                <InputNumber
                  id={PASS_MARKS_ID}
                  min={0}
                  precision={0}
                  disabled={locked('PassMarks')}
                  style={{ width: 120 }}
                  aria-describedby={PASS_MARKS_SUFFIX_ID}
                  data-testid="exam-form-pass-marks"
                />
              </Form.Item>
              <Typography.Text id={PASS_MARKS_SUFFIX_ID} aria-live="polite" data-testid="exam-form-test-count">
                {count === undefined ? t('form.passMarksNoPlan') : t('form.passMarksSuffix', { count })}
              </Typography.Text>
            </Flex>
          </Form.Item>
          <ScheduleFields
            namespace="exams"
            duration={{ labelKey: 'fields.duration', max: EXAM_MAX_DURATION, placeholder: EXAM_DEFAULT_DURATION }}
            testIdPrefix="exam-form"
            locked={{ begin: locked('BeginTime'), duration: locked('Duration') }}
          />
          <Flex gap={8} wrap>
            {!lock.readOnly && (
              <Button type="primary" htmlType="submit" loading={pending} data-testid="exam-form-submit">
                {exam ? t('common:actions.save') : t('common:actions.create')}
              </Button>
            )}
            <ButtonLink to={EXAM_PATHS.list} disabled={false}>
              {lock.readOnly ? t('form.backToList') : t('common:actions.cancel')}
            </ButtonLink>
          </Flex>
          <FormError error={submit.error} />
        </Form>
      </ConfigProvider>
    </FormFrame>
  );
}
