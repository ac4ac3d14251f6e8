import type { Plan } from '@oqu/contracts';
import { Col, Flex, Input, Row, Select, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from '../../../components/Form';
import { FormFooter } from '../../../components/FormFooter';
import { FormFrame } from '../../../components/FormFrame';
import { RecordRoute } from '../../../components/RecordRoute';
import { type PlanBody, useCertificateOptions, usePlan, useSavePlan } from '../../../features/catalogue/api';
import { dutiesText, parseDuties } from '../../../features/catalogue/duties';
import { useEduTypes } from '../../../features/catalogue/pickers';
import { errorMessage } from '../../../lib/api';
import { savedRecordId, useSaved } from '../../../lib/saved';
import { useFormSubmit } from '../../../lib/useFormSubmit';

const LIST_PATH = '/admin/plan-education';
const NO_CERTIFICATE = 0;
/** API field → form field, for the server's per-field messages. */
const FIELDS = { Name: 'Name', Description: 'Description', CertificateID: 'CertificateID', Duty: 'DutyText', Types: 'Types' };

interface Values {
  Name: string;
  DutyText?: string;
  /** 0 stands for "no certificate", so that the choice is an ordinary option (keyboard too) */
  CertificateID?: number;
  Types?: number | null;
  Description?: string;
}

/** /admin/create-plan and /admin/edit-plan/{id}: one form, create without `:id`, edit with it. */
export default function PlanFormPage() {
  const { t } = useTranslation('catalogue');
  return (
    <RecordRoute useRecord={usePlan} frame={{ title: t('plans.editTitle'), backTo: LIST_PATH }}>
      {(plan) => <PlanForm plan={plan} />}
    </RecordRoute>
  );
}

function PlanForm({ plan }: { plan?: Plan }) {
  const { t } = useTranslation('catalogue');
  const saved = useSaved();
  const [form] = Form.useForm<Values>();
  const save = useSavePlan();
  const submit = useFormSubmit(form, FIELDS);
  const certificates = useCertificateOptions();
  const eduTypes = useEduTypes();
  const dutyText = Form.useWatch('DutyText', form);
  const duties = parseDuties(dutyText);
  const editing = plan !== undefined;

  // a new plan starts with the first education type (admin-back-office.md §7)
  useEffect(() => {
    const first = eduTypes.data?.[0];
    if (!editing && first && form.getFieldValue('Types') === undefined) form.setFieldValue('Types', first.ID);
  }, [editing, eduTypes.data, form]);

  async function onFinish(values: Values) {
    const body: PlanBody = {
      Name: values.Name.trim(),
      Description: values.Description?.trim() ?? '',
      CertificateID: values.CertificateID || null,
      Duty: parseDuties(values.DutyText),
      Types: values.Types ?? null,
    };
    await submit.run(async () => {
      const answer = await save.mutateAsync({ id: plan?.ID, body });
      saved(
        answer.message || t(editing ? 'plans.saved' : 'plans.created', { name: body.Name }),
        LIST_PATH,
        savedRecordId(answer, plan?.ID),
      );
    });
  }

  const initialValues: Partial<Values> = plan
    ? {
        Name: plan.Name || plan.Plan,
        DutyText: dutiesText(plan.Duty),
        CertificateID: plan.CertificateID ?? NO_CERTIFICATE,
        Types: plan.Types,
        Description: plan.Description,
      }
    : { CertificateID: NO_CERTIFICATE };

  // a certificate the list no longer has (or not yet) is still shown by name
  const certificateOptions = [
    { value: NO_CERTIFICATE, label: t('plans.noCertificate') },
    ...(certificates.data ?? []).map((c) => ({ value: c.ID, label: c.Name })),
  ];
  if (plan?.certificate && !certificates.data?.some((c) => c.ID === plan.certificate?.ID)) {
    certificateOptions.push({ value: plan.certificate.ID, label: plan.certificate.Name });
  }

  return (
    <FormFrame title={editing ? `${t('plans.editTitle')}: ${plan.Name || plan.Plan}` : t('plans.createTitle')} backTo={LIST_PATH}>
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={initialValues}
        onFinish={onFinish}
        disabled={submit.pending}
      >
        <Form.Item
          name="Name"
          label={t('plans.name')}
          rules={[{ required: true, whitespace: true, message: t('validation.nameRequired') }]}
        >
          <Input autoComplete="off" maxLength={300} />
        </Form.Item>
        <Form.Item name="DutyText" label={t('plans.duties')} extra={t('plans.dutiesHint')}>
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} placeholder={t('plans.dutiesPlaceholder')} />
        </Form.Item>
        <div aria-live="polite" style={{ marginTop: -8, marginBottom: 16 }} data-testid="plan-duties-preview">
          {duties.length > 0 ? (
            <Flex gap={4} wrap align="center">
              <Typography.Text type="secondary">{t('plans.dutiesPreview', { count: duties.length })}</Typography.Text>
              {duties.map((duty) => (
                <Tag key={duty} color="blue" style={{ marginInlineEnd: 0 }}>
                  {duty}
                </Tag>
              ))}
            </Flex>
          ) : (
            <Typography.Text type="secondary">{t('plans.dutiesNone')}</Typography.Text>
          )}
        </div>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="CertificateID" label={t('plans.certificate')}>
              <Select<number>
                options={certificateOptions}
                loading={certificates.isFetching}
                showSearch={{ optionFilterProp: 'label' }}
                notFoundContent={certificates.isError ? errorMessage(certificates.error, t('common:errors.load')) : undefined}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="Types" label={t('plans.eduType')}>
              <Select<number>
                options={(eduTypes.data ?? []).map((item) => ({ value: item.ID, label: item.Name }))}
                loading={eduTypes.isFetching}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="Description" label={t('plans.description')}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} />
        </Form.Item>
        <FormFooter editing={editing} pending={submit.pending} cancelTo={LIST_PATH} error={submit.error} />
      </Form>
    </FormFrame>
  );
}
