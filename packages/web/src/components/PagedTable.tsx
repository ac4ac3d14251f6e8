import { PAGE_SIZE } from '@oqu/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TableProps } from 'antd';
import { Empty, Table } from 'antd';
import { type HTMLAttributes, useEffect } from 'react';
import type { Paged } from '../lib/api';
import { useSavedId } from '../lib/saved';
import { LoadError } from './LoadError';
import { type ListColumn, useTableDetails } from './tableDetails';

interface PagedTableProps<T extends { ID: number }> extends Pick<TableProps<T>, 'expandable' | 'size'> {
  list: UseQueryResult<Paged<T>>;
  /** `details` columns move into the row's details on smaller screens (see ListColumn) */
  columns: ListColumn<T>[];
  page: number;
  setPage: (page: number) => void;
  emptyText: string;
  /** `data-testid` of each row is `${rowTestId}-${ID}` */
  rowTestId: string;
  /** names a row for its details button */
  rowLabel?: (row: T) => string;
}

/**
 * A server-paged table (page size set by the server), with its load error and a retry above it.
 * It never scrolls sideways: secondary columns go into the row's details instead. The record just
 * saved by a form (`useSaved`) is marked for a few seconds.
 */
export function PagedTable<T extends { ID: number }>({
  list,
  page,
  setPage,
  emptyText,
  rowTestId,
  rowLabel,
  columns,
  expandable,
  ...table
}: PagedTableProps<T>) {
  const pages = list.data?.pages;
  const savedId = useSavedId();
  const layout = useTableDetails(columns, expandable, rowLabel);
  // a page past the end (after a delete, or an old link) moves to the last page
  useEffect(() => {
    if (pages !== undefined && pages > 0 && page > pages) setPage(pages);
  }, [pages, page, setPage]);

  return (
    <>
      {list.isError && <LoadError error={list.error} onRetry={() => list.refetch()} />}
      <Table<T>
        {...table}
        {...layout}
        className="oqu-list-table"
        rowKey="ID"
        dataSource={list.data?.data ?? []}
        loading={list.isFetching}
        rowClassName={(row) => (row.ID === savedId ? 'oqu-row-saved' : '')}
        onRow={(row) =>
          ({
            'data-testid': `${rowTestId}-${row.ID}`,
            'aria-current': row.ID === savedId ? 'true' : undefined,
          }) as HTMLAttributes<HTMLElement>
        }
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
