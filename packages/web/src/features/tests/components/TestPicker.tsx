import type { Test } from '@oqu/contracts';
import { useQuery } from '@tanstack/react-query';
import { Flex, Select, Spin, Typography } from 'antd';
import { type CSSProperties, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchTests, testsKeys, useTest } from '../api';

interface TestPickerProps {
  id?: string;
  value?: number;
  onChange?: (value: number | undefined, test: Test | undefined) => void;
  /** narrows the options to one plan and topic */
  plan?: number;
  topic?: number;
  placeholder?: string;
  allowClear?: boolean;
  disabled?: boolean;
  style?: CSSProperties;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
}

/**
 * Chooses a test by searching the server (GET /api/exam/gettests?search=), one page at a time,
 * instead of loading every test. The chosen test stays shown even when a search does not find it.
 */
export function TestPicker({ id, value, onChange, plan, topic, placeholder, allowClear, disabled, style, ...aria }: TestPickerProps) {
  const { t } = useTranslation('tests');
  const [text, setText] = useState('');
  const search = useDebounced(text.trim(), 300);
  const query = { page: 1, plan, topic, search: search || undefined };
  const found = useQuery({ queryKey: testsKeys.list(query), queryFn: () => fetchTests(query) });
  const chosen = useTest(value);

  const options = useMemo(() => {
    const tests = [...(found.data?.data ?? [])];
    if (chosen.data && !tests.some((test) => test.ID === chosen.data.ID)) tests.unshift(chosen.data);
    return tests.map((test) => ({ value: test.ID, label: test.Name || test.Test, test }));
  }, [found.data, chosen.data]);

  const more = found.data ? found.data.total - found.data.data.length : 0;

  return (
    <Select<number, (typeof options)[number]>
      id={id}
      {...aria}
      value={value}
      placeholder={placeholder ?? t('picker.placeholder')}
      style={style}
      allowClear={allowClear}
      disabled={disabled}
      loading={found.isFetching}
      showSearch={{ filterOption: false, onSearch: setText, searchValue: text }}
      onChange={(next, option) => {
        setText('');
        const picked = Array.isArray(option) ? undefined : option?.test;
        onChange?.(next ?? undefined, picked);
      }}
      onOpenChange={(open) => {
        if (!open) setText('');
      }}
      options={options}
      optionRender={(option) => (
        <Flex vertical>
          <span>{option.data.label}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {[option.data.test.Plan, option.data.test.Topic].filter(Boolean).join(' · ')}
          </Typography.Text>
        </Flex>
      )}
      notFoundContent={found.isFetching ? <Spin size="small" /> : found.isError ? t('common:errors.load') : t('picker.nothing')}
      popupRender={(menu) => (
        <>
          {menu}
          {more > 0 && (
            <Typography.Text type="secondary" style={{ display: 'block', padding: '6px 12px', fontSize: 12 }}>
              {t('picker.more', { count: more })}
            </Typography.Text>
          )}
        </>
      )}
    />
  );
}

/** A value that follows `value` after `delay` ms without change. */
function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
