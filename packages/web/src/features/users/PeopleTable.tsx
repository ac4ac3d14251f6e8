import { PAGE_SIZE, type User } from '@oqu/contracts';
import type { TableColumnsType, TableProps } from 'antd';
import { Alert, Button, Empty, Table } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, type useUsers } from './api';

interface PeopleTableProps {
  /** the page of people, as `useUsers` returns it */
  list: ReturnType<typeof useUsers>;
  columns: TableColumnsType<User>;
  page: number;
  setPage: (page: number) => void;
  emptyText: string;
  expandable?: TableProps<User>['expandable'];
  scroll?: TableProps<User>['scroll'];
}

/** A server-paged table of people, with a load error (and retry) above it. */
export function PeopleTable({ list, columns, page, setPage, emptyText, expandable, scroll }: PeopleTableProps) {
  const { t } = useTranslation('people');
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
      <Table<User>
        rowKey="ID"
        columns={columns}
        dataSource={list.data?.data ?? []}
        loading={list.isFetching}
        onRow={(user) => ({ 'data-testid': `user-row-${user.ID}` }) as HTMLAttributes<HTMLElement>}
        expandable={expandable}
        locale={{ emptyText: <Empty description={emptyText} /> }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: setPage,
        }}
        scroll={scroll}
      />
    </>
  );
}
