import type { Exam } from '@oqu/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Descriptions } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSpan } from '../rooms/time';
import { useServerNow, useServerOffset } from '../rooms/useServerNow';
import { examsKeys } from './api';
import { ExamStatusPill } from './ExamPills';
import { examClocks, nextStatusChange } from './examRooms';
import { examDateTime, names } from './format';

/** Past this a timer is pointless (and setTimeout overflows past ~24.8 days). */
const MAX_WAIT_MS = 86_400_000;

/**
 * The exam reads its status again when the clock alone changes it (at its start, at its planned
 * end): no event is sent for that.
 */
function useRefetchAtStatusChange(exam: Exam, offset: number) {
  const client = useQueryClient();
  const at = nextStatusChange(exam);
  useEffect(() => {
    if (at === null) return;
    const wait = at - (Date.now() + offset);
    if (wait > MAX_WAIT_MS) return;
    // a second late, so that the server's clock has passed the moment too
    const timer = setTimeout(() => void client.invalidateQueries({ queryKey: examsKeys.table(exam.ID) }), Math.max(0, wait) + 1000);
    return () => clearTimeout(timer);
  }, [client, exam.ID, at, offset]);
}

/**
 * An exam's head (admin-back-office.md §2 exam-for-examiner, §4): status, examiner(s), start, and
 * the time since the start and until the planned end (before the start: until the start), ticking
 * each second on the server's clock (the exam's `Now` when it arrived at `receivedAt`); '-' when negative.
 */
export function ExamFacts({ exam, receivedAt }: { exam: Exam; receivedAt: number }) {
  const { t } = useTranslation('exams');
  const offset = useServerOffset(exam.Now, receivedAt);
  const now = useServerNow(offset);
  useRefetchAtStatusChange(exam, offset);
  const { elapsed, remaining, until } = examClocks(exam, now);
  const days = (count: number) => t('common:units.day', { count });
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2, lg: 3 }}
      data-testid="exam-facts"
      items={[
        { key: 'status', label: t('fields.status'), children: <ExamStatusPill status={exam.Status} testId="exam-status" /> },
        { key: 'examiners', label: t('fields.examiners'), children: <span data-testid="exam-examiners">{names(exam.Examenators)}</span> },
        { key: 'begin', label: t('conduct.start'), children: examDateTime(exam.BeginTime) },
        { key: 'plan', label: t('fields.plan'), children: exam.Plan || '—' },
        { key: 'elapsed', label: t('conduct.elapsed'), children: <span data-testid="exam-elapsed">{formatSpan(elapsed, days)}</span> },
        {
          key: 'remaining',
          label: t(until === 'start' ? 'conduct.untilStart' : 'conduct.remaining'),
          children: <span data-testid="exam-remaining">{formatSpan(remaining, days)}</span>,
        },
      ]}
    />
  );
}
