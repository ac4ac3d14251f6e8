import { App, Button, Modal, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from '../../components/Form';
import { FormError } from '../../components/FormError';
import { ScheduleFields } from '../../components/ScheduleFields';
import { useFormSubmit } from '../../lib/useFormSubmit';
import { useSaveRetake } from '../retakes/api';
import { nextWholeHour, retakeDateToIso } from '../retakes/format';

interface RetakeValues {
  TestID?: number;
  Date?: Dayjs;
  Time?: Dayjs;
}

const FIELD_NAMES = { TestID: 'TestID', Date: 'Date' } as const;

/**
 * Assigning a trainee a retake from the visit log, in place: a dialog with the date and time (the
 * organisation's, 5-minute steps) and, when there are several, the test (POST /api/retake/new).
 */
export function RetakeAction({ user, tests }: { user: { ID: number; Fullname: string }; tests: { ID: number; Test: string }[] }) {
  const { t } = useTranslation('visitLog');
  const { message: toast } = App.useApp();
  // the values the dialog opens with; none while it is closed
  const [initial, setInitial] = useState<RetakeValues | null>(null);
  const [form] = Form.useForm<RetakeValues>();
  const submit = useFormSubmit(form, FIELD_NAMES);
  const save = useSaveRetake();
  if (tests.length === 0) return null;

  function show() {
    const time = nextWholeHour();
    submit.setError(null);
    setInitial({ TestID: tests[0]?.ID, Date: time.startOf('day'), Time: time });
  }

  async function onFinish(values: RetakeValues) {
    // with one test there is no field to pick it: the form's values hold no TestID
    const testId = values.TestID ?? tests[0]?.ID;
    if (!testId || !values.Date || !values.Time) return;
    const body = { UserID: user.ID, TestID: testId, Date: retakeDateToIso(values.Date, values.Time) };
    const answer = await submit.run(() => save.mutateAsync({ body }));
    if (!answer) return;
    toast.success(answer.message || t('retake.assigned'));
    setInitial(null);
  }

  const single = tests.length === 1 ? tests[0] : undefined;
  return (
    <>
      <Button size="small" onClick={show} aria-label={t('retake.actionOf', { name: user.Fullname })} data-testid={`retake-${user.ID}`}>
        {t('retake.action')}
      </Button>
      <Modal
        open={initial !== null}
        title={t('retake.title', { name: user.Fullname })}
        okText={t('retake.assign')}
        cancelText={t('common:actions.cancel')}
        confirmLoading={submit.pending}
        onOk={() => form.submit()}
        onCancel={() => setInitial(null)}
        destroyOnHidden
      >
        <Form<RetakeValues>
          form={form}
          layout="vertical"
          initialValues={initial ?? undefined}
          onFinish={onFinish}
          disabled={submit.pending}
          requiredMark="optional"
        >
          {single ? (
            <p>{t('retake.test', { test: single.Test })}</p>
          ) : (
            <Form.Item name="TestID" label={t('retake.testLabel')} rules={[{ required: true, message: t('validation.test') }]}>
              <Select<number> options={tests.map((test) => ({ value: test.ID, label: test.Test }))} />
            </Form.Item>
          )}
          <ScheduleFields namespace="visitLog" testIdPrefix="visit-retake" />
          <FormError error={submit.error} />
        </Form>
      </Modal>
    </>
  );
}
