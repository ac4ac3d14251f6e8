import { type ExamEvent, examEndpoints } from '@oqu/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { isRecordId } from '../../lib/api';
import { endpointUrl } from '../../lib/endpoint';
import type { ConnectionState } from '../rooms/stream';
import { useEventStream } from '../rooms/useEventStream';
import { applyExamEvent, parseExamEvent, refreshExam } from './examEvents';

/**
 * Keeps an exam's screens fresh from its event stream GET /api/exam/events/{id} (region accounts
 * and the exam's examiners): results, status, votes and signatures are pushed, not polled, and
 * applied to examsKeys.table / examsKeys.one (see `applyExamEvent`). Each (re)connection reads the
 * exam and its table again; while the stream is down they are read every 5 seconds, as in the
 * webinar rooms. `onEvent` hears every event after the cache has it (e.g. an examiner's screen
 * leaving when the exam completes). `enabled: false` closes it.
 */
export function useExamEvents(
  examId: number | undefined,
  { enabled = true, onEvent }: { enabled?: boolean; onEvent?: (event: ExamEvent) => void } = {},
): { state: ConnectionState } {
  const client = useQueryClient();
  const onEventRef = useRef(onEvent);
  onEventRef.current = onEvent;
  const active = enabled && isRecordId(examId);

  const handle = useCallback(
    (event: ExamEvent) => {
      if (!isRecordId(examId)) return;
      applyExamEvent(client, examId, event);
      onEventRef.current?.(event);
    },
    [client, examId],
  );
  const refresh = useCallback(() => {
    if (isRecordId(examId)) refreshExam(client, examId);
  }, [client, examId]);

  const url = active ? endpointUrl(examEndpoints.events, { params: { id: examId } }) : null;
  return useEventStream(url, { parse: parseExamEvent, onEvent: handle, refresh });
}
