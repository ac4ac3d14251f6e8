import { type StreamWatch, streamEndpoints } from '@oqu/contracts';
import { useQuery } from '@tanstack/react-query';
import { requestHeaders } from '../../../lib/api';
import { call, endpointUrl } from '../../../lib/endpoint';
import { webinarsKeys } from '../api';
import { watchRefetchMs } from './watch';

/** Calls of the webinar's own stream (docs/ARCHITECTURE.md "Live stream"). */

/** Under `webinarsKeys.all`, so whatever refreshes the webinars (an end, a deleted recording) asks again. */
export const streamKeys = {
  watch: (id: number) => [...webinarsKeys.all, 'stream', id] as const,
};

export const fetchStreamTicket = (webinarId: number) => call(streamEndpoints.ticket, { body: { WebID: webinarId } }).then((r) => r.data);
export const fetchStreamWatch = (webinarId: number) => call(streamEndpoints.watch, { params: { id: webinarId } }).then((r) => r.data);
export const removeRecording = (webinarId: number) => call(streamEndpoints.removeRecording, { params: { id: webinarId } });

/**
 * Reports seconds watched. `keepalive` lets the last report of a closing page still go out, which
 * `call()` cannot ask for; a lost report only loses those seconds, so failures are ignored.
 */
export function reportWatchTime(webinarId: number, seconds: number, recording: boolean) {
  void fetch(endpointUrl(streamEndpoints.watchTime), {
    method: 'POST',
    headers: { ...requestHeaders(), 'Content-Type': 'application/json' },
    body: JSON.stringify({ WebID: webinarId, Seconds: seconds, Recording: recording }),
    keepalive: true,
  }).catch(() => undefined);
}

/**
 * What the viewer may play, asked again while waiting for the teacher and before the playlist's
 * token runs out (`watchRefetchMs`).
 */
export function useStreamWatch(webinarId: number, pollWhenNone: boolean) {
  return useQuery<StreamWatch>({
    queryKey: streamKeys.watch(webinarId),
    queryFn: () => fetchStreamWatch(webinarId),
    refetchInterval: (query) => watchRefetchMs(query.state.data, Date.now(), pollWhenNone),
    refetchIntervalInBackground: true,
  });
}
