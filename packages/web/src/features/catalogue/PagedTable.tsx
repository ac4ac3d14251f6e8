import { PAGE_SIZE } from '@oqu/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TableColumnsType, TableProps } from 'antd';
import { Alert, Button, Empty, Table } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../users/api';
import type { Paged } from './api';

interface PagedTableProps<T extends { ID: number }> {
  list: UseQueryResult<Paged<T>>;
  columns: TableColumnsType<T>;
  page: number;
  setPage: (page: number) => void;
  emptyText: string;
  /** `data-testid` of each row is `${rowTestId}-${ID}` */
  rowTestId: string;
  scroll?: TableProps<T>['scroll'];
}

/** A server-paged catalogue table with its load error (and a retry) above it. */
export function PagedTable<T extends { ID: number }>({ list, columns, page, setPage, emptyText, rowTestId, scroll }: PagedTableProps<T>) {
  const { t } = useTranslation('catalogue');
  return (
    <>
      {list.isError && (
        <Alert
          type="error"
          showIcon
          title={errorMessage(list.error, t('errors.load'))}
          action={
            <Button size="small" onClick={() => list.refetch()}>
              {t('actions.retry')}
            </Button>
          }
        />
      )}
      <Table<T>
        rowKey="ID"
        columns={columns}
        dataSource={list.data?.data ?? []}
        loading={list.isFetching}
        onRow={(row) => ({ 'data-testid': `${rowTestId}-${row.ID}` }) as HTMLAttributes<HTMLElement>}
        locale={{ emptyText: <Empty description={emptyText} /> }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: setPage,
        }}
        scroll={scroll ?? { x: 1000 }}
      />
    </>
  );
}
