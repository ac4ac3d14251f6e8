import { type StatisticsFilter, statisticsEndpoints } from '@oqu/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { downloadWithToken } from '../../lib/download';
import { call } from '../../lib/endpoint';
import { filenameFromDisposition } from '../tests/files';

/** Calls of the statistics screen and the reports (issue «Results»: GET /api/attendance/statistic, /api/report/*). */

export type ReportKind = 'admin' | 'teacher';
export type ReportFilter = Pick<StatisticsFilter, 'from' | 'to'> & { plan?: number };

export const statisticsKeys = {
  all: ['statistics'] as const,
  figures: (filter: StatisticsFilter) => ['statistics', filter] as const,
};

/** The three figures, overall and per department; the previous figures stay shown while new filters load. */
export function useStatistics(filter: StatisticsFilter) {
  return useQuery({
    queryKey: statisticsKeys.figures(filter),
    queryFn: () => call(statisticsEndpoints.statistic, { query: filter }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
}

/** Has the server make the report, then downloads it; answers the file's name. */
async function downloadReport(kind: ReportKind, filter: ReportFilter): Promise<string> {
  const { data: path } =
    kind === 'admin'
      ? await call(statisticsEndpoints.adminReport, { query: filter })
      : await call(statisticsEndpoints.teacherReport, { query: { from: filter.from, to: filter.to } });
  return downloadWithToken(path, (response) => filenameFromDisposition(response.headers.get('content-disposition'), `${kind}-report.xlsx`));
}

export function useReportDownload(kind: ReportKind) {
  return useMutation({ mutationFn: (filter: ReportFilter) => downloadReport(kind, filter) });
}
