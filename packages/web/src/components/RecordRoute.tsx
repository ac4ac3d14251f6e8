import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Skeleton } from 'antd';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isRecordId } from '../lib/api';
import { FormFrame, type FormFrameProps } from './FormFrame';
import { LoadError } from './LoadError';

interface RecordRouteProps<T extends { ID: number }> {
  /** the query of one record by ID, e.g. usePlan */
  useRecord: (id: number | undefined) => UseQueryResult<T>;
  /** the page shown while the record loads, or when it cannot be shown */
  frame: Omit<FormFrameProps, 'children'>;
  /** the form: with no record on create */
  children: (record?: T) => ReactNode;
}

/**
 * Route element of a create-or-edit form: without `:id` the empty form; with it the record, loaded
 * first (a skeleton meanwhile, the load error with a retry, "not found" for an `:id` that is not an
 * ID). The form is keyed by the record's ID, so that another record starts from its own values.
 */
export function RecordRoute<T extends { ID: number }>({ useRecord, frame, children }: RecordRouteProps<T>) {
  const { t } = useTranslation();
  const param = useParams().id;
  const id = param === undefined ? undefined : Number(param);
  const record = useRecord(isRecordId(id) ? id : undefined);

  if (param === undefined) return children();
  if (record.data) return <Fragment key={record.data.ID}>{children(record.data)}</Fragment>;
  let state: ReactNode = <Skeleton active />;
  if (!isRecordId(id)) state = <Alert type="error" showIcon title={t('errors.notFound')} />;
  else if (record.isError) state = <LoadError error={record.error} onRetry={() => record.refetch()} />;
  return <FormFrame {...frame}>{state}</FormFrame>;
}
