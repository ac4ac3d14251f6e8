import { DownOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Descriptions, Flex, Grid, Skeleton, type TableProps } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsNarrow } from '../lib/media';

/**
 * A list column. `details` marks secondary data that leaves the table for the row's details, so that
 * the table fits the screen and its actions stay in view: `true` on screens under 1600 px (the table
 * fits 1280 px), `'narrow'` on phones only (under 768 px, where just the name and the actions stay).
 */
export type ListColumn<T> = ColumnType<T> & { details?: boolean | 'narrow' };

type Expandable<T> = NonNullable<TableProps<T>['expandable']>;

/** The one expand control of every table: a chevron button that says what it opens. */
export function expandIcon<T>(label: (row: T) => string): Expandable<T>['expandIcon'] {
  return function ExpandIcon({ expanded, expandable, onExpand, record }) {
    if (!expandable) return <span className="oqu-expand-placeholder" />;
    return (
      <Button
        type="text"
        size="small"
        className="oqu-expand"
        icon={expanded ? <DownOutlined aria-hidden /> : <RightOutlined aria-hidden />}
        aria-expanded={expanded}
        aria-label={label(record)}
        onClick={(event) => onExpand(record, event)}
      />
    );
  };
}

/** A cell's content as the table would render it. */
function cell<T>(column: ColumnType<T>, row: T, index: number): ReactNode {
  const key = column.dataIndex as keyof T | undefined;
  const value = key === undefined ? undefined : row[key];
  const rendered = column.render ? column.render(value, row, index) : value;
  return (rendered ?? '—') as ReactNode;
}

/**
 * The columns a table shows on this screen and its expandable details: the `details` columns
 * (when hidden) as a list of label and value, followed by the table's own details if it has any.
 */
export function useTableDetails<T>(
  columns: readonly ListColumn<T>[],
  expandable?: Expandable<T>,
  rowLabel?: (row: T) => string,
): { columns: ColumnType<T>[]; expandable?: Expandable<T> } {
  const { t } = useTranslation();
  const wide = Grid.useBreakpoint().xxl ?? false;
  const narrow = useIsNarrow();
  const hidden = columns.filter((column) => (column.details === 'narrow' ? narrow : column.details && !wide));
  const shown = columns.filter((column) => !hidden.includes(column)).map(({ details: _, ...column }) => column);
  if (hidden.length === 0 && !expandable) return { columns: shown };

  const own = expandable?.expandedRowRender;
  const label = (row: T) => t('table.details', { name: rowLabel?.(row) ?? '' }).trim();
  return {
    columns: shown,
    expandable: {
      columnTitle: <span className="oqu-visually-hidden">{t('table.detailsColumn')}</span>,
      columnWidth: 40,
      expandIcon: expandIcon(label),
      ...expandable,
      rowExpandable: hidden.length > 0 ? undefined : expandable?.rowExpandable,
      expandedRowRender: (row, index, indent, expanded) => (
        <Flex vertical gap={12}>
          {hidden.length > 0 && (
            <Descriptions
              size="small"
              column={{ xs: 1, sm: 2, lg: 3 }}
              items={hidden.map((column, position) => ({
                key: String(column.key ?? position),
                label: column.title as ReactNode,
                children: cell(column, row, index),
              }))}
            />
          )}
          {own && (
            // the details may need texts not loaded yet (another namespace): they wait here, not in place
            // of the whole page, which would hide the row's button and so take the focus from it
            <Suspense fallback={<Skeleton active title={false} />}>{own(row, index, indent, expanded)}</Suspense>
          )}
        </Flex>
      ),
    },
  };
}
