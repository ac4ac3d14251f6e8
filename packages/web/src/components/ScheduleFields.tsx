import { DatePicker, Flex, Form, InputNumber, TimePicker } from 'antd';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT, getOrgTimeZone, TIME_FORMAT } from '../lib/dates';

interface ScheduleFieldsProps {
  /** the form's i18n namespace: it holds form.datePlaceholder, form.timePlaceholder, form.zoneHint,
   * validation.date, validation.time (and validation.duration with a duration) */
  namespace: string;
  /** the keys of the date and time labels in that namespace */
  labelKeys?: { date: string; time: string };
  /** a duration field in minutes (webinars, exams); none for a single moment (retakes) */
  duration?: { labelKey: string; max: number; placeholder: number };
  /** data-testid prefix: `<prefix>-date`, `<prefix>-time`, `<prefix>-duration` */
  testIdPrefix: string;
  /** fields shown read-only (an exam that has begun keeps its start and length) */
  locked?: { begin?: boolean; duration?: boolean };
}

/** Enter confirms a picked date or time; it must not submit the whole form as well. */
const keepEnter = (event: KeyboardEvent) => {
  if (event.key === 'Enter') event.preventDefault();
};

/**
 * When something scheduled begins (webinars, exams, retakes) and how long it lasts: form fields
 * `Date`, `Time` (the organisation's zone, 5-minute steps) and, with `duration`, `Duration` in minutes.
 */
export function ScheduleFields({
  namespace,
  labelKeys = { date: 'fields.date', time: 'fields.time' },
  duration,
  testIdPrefix,
  locked = {},
}: ScheduleFieldsProps) {
  const { t } = useTranslation(namespace);
  return (
    <Flex gap={16} wrap>
      <Form.Item name="Date" label={t(labelKeys.date)} rules={[{ required: true, message: t('validation.date') }]}>
        <DatePicker
          format={DATE_FORMAT}
          placeholder={t('form.datePlaceholder')}
          onKeyDown={keepEnter}
          disabled={locked.begin}
          style={{ width: 200 }}
          data-testid={`${testIdPrefix}-date`}
        />
      </Form.Item>
      <Form.Item
        name="Time"
        label={t(labelKeys.time)}
        extra={t('form.zoneHint', { zone: getOrgTimeZone() })}
        rules={[{ required: true, message: t('validation.time') }]}
      >
        <TimePicker
          format={TIME_FORMAT}
          minuteStep={5}
          needConfirm={false}
          placeholder={t('form.timePlaceholder')}
          onKeyDown={keepEnter}
          disabled={locked.begin}
          style={{ width: 160 }}
          data-testid={`${testIdPrefix}-time`}
        />
      </Form.Item>
      {duration && (
        <DurationField namespace={namespace} duration={duration} disabled={locked.duration} testId={`${testIdPrefix}-duration`} />
      )}
    </Flex>
  );
}

function DurationField({
  namespace,
  duration,
  disabled,
  testId,
}: {
  namespace: string;
  duration: NonNullable<ScheduleFieldsProps['duration']>;
  disabled?: boolean;
  testId: string;
}) {
  const { t } = useTranslation(namespace);
  const rule = t('validation.duration', { max: duration.max });
  return (
    <Form.Item
      name="Duration"
      label={t(duration.labelKey)}
      rules={[
        { required: true, message: rule },
        { type: 'integer', min: 1, max: duration.max, message: rule },
      ]}
    >
      <InputNumber
        min={1}
        max={duration.max}
        precision={0}
        step={5}
        disabled={disabled}
        placeholder={String(duration.placeholder)}
        style={{ width: 180 }}
        data-testid={testId}
      />
    </Form.Item>
  );
}
