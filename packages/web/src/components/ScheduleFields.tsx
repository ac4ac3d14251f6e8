import { DatePicker, Flex, Form, InputNumber, TimePicker } from 'antd';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT, getOrgTimeZone, TIME_FORMAT } from '../lib/dates';

interface ScheduleFieldsProps {
  /** the form's i18n namespace: it holds fields.date, fields.time, form.datePlaceholder,
   * form.timePlaceholder, form.zoneHint and validation.date, validation.time, validation.duration */
  namespace: string;
  durationLabelKey: string;
  maxDuration: number;
  defaultDuration: number;
  /** data-testid prefix: `<prefix>-date`, `<prefix>-time`, `<prefix>-duration` */
  testIdPrefix: string;
}

/** Enter confirms a picked date or time; it must not submit the whole form as well. */
const keepEnter = (event: KeyboardEvent) => {
  if (event.key === 'Enter') event.preventDefault();
};

/**
 * When something scheduled begins and how long it lasts (webinars, exams): form fields `Date`,
 * `Time` (the organisation's zone, 5-minute steps) and `Duration` in minutes.
 */
export function ScheduleFields({ namespace, durationLabelKey, maxDuration, defaultDuration, testIdPrefix }: ScheduleFieldsProps) {
  const { t } = useTranslation(namespace);
  const durationRule = t('validation.duration', { max: maxDuration });
  return (
    <Flex gap={16} wrap>
      <Form.Item name="Date" label={t('fields.date')} rules={[{ required: true, message: t('validation.date') }]}>
        <DatePicker
          format={DATE_FORMAT}
          placeholder={t('form.datePlaceholder')}
          onKeyDown={keepEnter}
          style={{ width: 200 }}
          data-testid={`${testIdPrefix}-date`}
        />
      </Form.Item>
      <Form.Item
        name="Time"
        label={t('fields.time')}
        extra={t('form.zoneHint', { zone: getOrgTimeZone() })}
        rules={[{ required: true, message: t('validation.time') }]}
      >
        <TimePicker
          format={TIME_FORMAT}
          minuteStep={5}
          needConfirm={false}
          placeholder={t('form.timePlaceholder')}
          onKeyDown={keepEnter}
          style={{ width: 160 }}
          data-testid={`${testIdPrefix}-time`}
        />
      </Form.Item>
      <Form.Item
        name="Duration"
        label={t(durationLabelKey)}
        rules={[
          { required: true, message: durationRule },
          { type: 'integer', min: 1, max: maxDuration, message: durationRule },
        ]}
      >
        <InputNumber
          min={1}
          max={maxDuration}
          precision={0}
          step={5}
          placeholder={String(defaultDuration)}
          style={{ width: 180 }}
          data-testid={`${testIdPrefix}-duration`}
        />
      </Form.Item>
    </Flex>
  );
}
