import { Flex, Input, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Form } from '../../../components/Form';
import { FormFooter } from '../../../components/FormFooter';
import { FormFrame } from '../../../components/FormFrame';
import { RecordRoute } from '../../../components/RecordRoute';
import { ScheduleFields } from '../../../components/ScheduleFields';
import { useRetake, useSaveRetake } from '../../../features/retakes/api';
import { normaliseTabel, retakeDateFromIso, retakeDateToIso } from '../../../features/retakes/format';
import type { Retake } from '../../../features/retakes/types';
import { type Lookup, usePersonLookup } from '../../../features/retakes/usePersonLookup';
import { savedRecordId, useSaved } from '../../../lib/saved';
import { useFormSubmit } from '../../../lib/useFormSubmit';

const LIST_PATH = '/admin/retake';
const MAX_WIDTH = 720;
/** The API's field names and the form fields their refusals go on. */
const FIELD_NAMES = { UserID: 'Tabel', TestID: 'TestID', Date: 'Date' } as const;

interface RetakeValues {
  Tabel: string;
  TestID?: number;
  Date?: Dayjs;
  Time?: Dayjs;
}

/** /admin/create-retake and /admin/edit-retake/{id} (admin-back-office.md §2 Retakes). */
export default function RetakeFormPage() {
  const { t } = useTranslation('retakes');
  return (
    <RecordRoute
      useRecord={useRetake}
      frame={{ title: t('form.editTitle'), backTo: LIST_PATH, backLabel: t('form.backToList'), maxWidth: MAX_WIDTH }}
    >
      {(retake) => <RetakeForm retake={retake} />}
    </RecordRoute>
  );
}

function initialValues(retake: Retake | undefined, tabel: string | null): RetakeValues {
  if (!retake) return { Tabel: normaliseTabel(tabel) };
  const when = retakeDateFromIso(retake.Date);
  return { Tabel: retake.User.Tabel, TestID: retake.Test.ID, Date: when?.date, Time: when?.time };
}

function RetakeForm({ retake }: { retake?: Retake }) {
  const { t } = useTranslation('retakes');
  const saved = useSaved();
  const [params] = useSearchParams();
  const [form] = Form.useForm<RetakeValues>();
  const save = useSaveRetake();
  const submit = useFormSubmit(form, FIELD_NAMES);
  const [initial] = useState(() => initialValues(retake, params.get('tabel')));

  const typed = Form.useWatch('Tabel', form) ?? initial.Tabel;
  const { lookup, flush } = usePersonLookup(typed, t('common:errors.network'));
  const candidate = lookup.state === 'found' ? lookup.candidate : null;

  // another person: the test picked for the previous one is not theirs
  const personId = useRef<number | undefined>(retake?.User.ID);
  useEffect(() => {
    if (!candidate || candidate.User.ID === personId.current) return;
    personId.current = candidate.User.ID;
    const testId = form.getFieldValue('TestID');
    if (testId !== undefined && !candidate.Tests.some((test) => test.ID === testId)) form.setFieldValue('TestID', undefined);
  }, [candidate, form]);

  async function onFinish(values: RetakeValues) {
    if (!candidate || !values.TestID || !values.Date || !values.Time) return;
    const body = { UserID: candidate.User.ID, TestID: values.TestID, Date: retakeDateToIso(values.Date, values.Time) };
    await submit.run(async () => {
      const answer = await save.mutateAsync({ id: retake?.ID, body });
      saved(answer.message || t(retake ? 'form.saved' : 'form.created'), LIST_PATH, savedRecordId(answer, retake?.ID));
    });
  }

  const tests = candidate?.Tests ?? [];
  const person = candidate?.User;
  return (
    <FormFrame
      title={retake ? t('form.editTitle') : t('form.createTitle')}
      backTo={LIST_PATH}
      backLabel={t('form.backToList')}
      maxWidth={MAX_WIDTH}
    >
      <Form<RetakeValues>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={onFinish}
        onFinishFailed={() => submit.setError(null)}
        requiredMark="optional"
        disabled={submit.pending}
        scrollToFirstError
      >
        <Form.Item
          name="Tabel"
          label={t('form.tabel')}
          {...lookupFeedback(lookup, t)}
          rules={[
            { required: true, whitespace: true, message: t('validation.tabel') },
            {
              validator: async (_, value: string) => {
                if (!normaliseTabel(value) || lookup.state === 'found') return;
                throw new Error(lookup.state === 'notFound' ? t('form.notFound', { tabel: lookup.tabel }) : t('validation.person'));
              },
            },
          ]}
        >
          <Input
            maxLength={32}
            autoComplete="off"
            inputMode="numeric"
            style={{ maxWidth: 240 }}
            onPressEnter={(event) => {
              event.preventDefault();
              flush();
            }}
          />
        </Form.Item>
        <Flex gap={16} wrap role="group" aria-label={t('form.person')}>
          <ReadOnly id="retake-fullname" label={t('form.fullname')} value={person?.Fullname} wide />
          <ReadOnly id="retake-department" label={t('form.department')} value={person?.Department} />
          <ReadOnly id="retake-duty" label={t('form.duty')} value={person?.Duty} />
        </Flex>
        <Form.Item name="TestID" label={t('form.test')} rules={[{ required: true, message: t('validation.test') }]}>
          <Select<number>
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={person ? t('form.chooseTest') : t('form.testNeedsPerson')}
            disabled={!person || submit.pending}
            options={tests.map((test) => ({
              value: test.ID,
              label: test.Name,
              topic: [test.Plan, test.Topic].filter(Boolean).join(' · '),
            }))}
            optionRender={(option) => (
              <Flex vertical>
                <span>{option.data.label}</span>
                {option.data.topic && <Typography.Text type="secondary">{option.data.topic}</Typography.Text>}
              </Flex>
            )}
            notFoundContent={t('form.noTests')}
          />
        </Form.Item>
        <ScheduleFields namespace="retakes" labelKeys={{ date: 'form.date', time: 'form.time' }} testIdPrefix="retake-form" />
        <FormFooter editing={retake !== undefined} pending={submit.pending} cancelTo={LIST_PATH} error={submit.error} />
      </Form>
    </FormFrame>
  );
}

/** The personnel number field's state: searching, found (whom), not found, or the failure. */
function lookupFeedback(
  lookup: Lookup,
  t: TFunction<'retakes'>,
): { validateStatus?: 'validating' | 'success' | 'error'; help?: string; hasFeedback?: boolean; extra?: string } {
  switch (lookup.state) {
    case 'searching':
      return { validateStatus: 'validating', help: t('form.searching'), hasFeedback: true };
    case 'found':
      return { validateStatus: 'success', help: t('form.found', { name: lookup.candidate.User.Fullname }), hasFeedback: true };
    case 'notFound':
      return { validateStatus: 'error', help: t('form.notFound', { tabel: lookup.tabel }), hasFeedback: true };
    case 'failed':
      return { validateStatus: 'error', help: lookup.message, hasFeedback: true };
    default:
      return { extra: t('form.tabelHint') };
  }
}

/** A read-only field filled by the lookup (name, department, position). */
function ReadOnly({ id, label, value, wide }: { id: string; label: string; value?: string; wide?: boolean }) {
  return (
    <Form.Item label={label} htmlFor={id} style={{ flex: wide ? '1 1 100%' : '1 1 240px', minWidth: 0 }}>
      <Input id={id} readOnly value={value ?? ''} placeholder="—" />
    </Form.Item>
  );
}
