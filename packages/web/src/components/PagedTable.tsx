import { PAGE_SIZE } from '@oqu/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TableProps } from 'antd';
import { Empty, Table } from 'antd';
import { type HTMLAttributes, useEffect } from 'react';
import type { Paged } from '../lib/api';
import { LoadError } from './LoadError';

interface PagedTableProps<T extends { ID: number }> extends Pick<TableProps<T>, 'columns' | 'expandable' | 'scroll' | 'size'> {
  list: UseQueryResult<Paged<T>>;
  page: number;
  setPage: (page: number) => void;
  emptyText: string;
  /** `data-testid` of each row is `${rowTestId}-${ID}` */
  rowTestId: string;
}

/** A server-paged table (page size set by the server), with its load error and a retry above it. */
export function PagedTable<T extends { ID: number }>({ list, page, setPage, emptyText, rowTestId, ...table }: PagedTableProps<T>) {
  const pages = list.data?.pages;
  // a page past the end (after a delete, or an old link) moves to the last page
  useEffect(() => {
    if (pages !== undefined && pages > 0 && page > pages) setPage(pages);
  }, [pages, page, setPage]);

  return (
    <>
      {list.isError && <LoadError error={list.error} onRetry={() => list.refetch()} />}
      <Table<T>
        {...table}
        rowKey="ID"
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
      />
    </>
  );
}
