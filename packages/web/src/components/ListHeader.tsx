import { PlusOutlined } from '@ant-design/icons';
import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { ButtonLink } from './ButtonLink';
import { PageTitle } from './PageTitle';

interface ListHeaderProps {
  title: string;
  /** the "add" link; none on a read-only list or one whose records come from elsewhere */
  add?: { to: string; label: string };
  /** more buttons, before "add" */
  extra?: ReactNode;
  /** the filters and the search box, in a search landmark */
  children?: ReactNode;
  /** the search landmark's name, when it holds filters too */
  searchLabel?: string;
  /** how many records match, once known */
  total?: string;
}

/** The top of a list screen: the title with its "add" link (if any), then the filters, the search and how many records match. */
export function ListHeader({ title, add, extra, children, searchLabel, total }: ListHeaderProps) {
  const addLink = add && (
    <ButtonLink to={add.to} type="primary" icon={<PlusOutlined aria-hidden />} className="oqu-list-add">
      {add.label}
    </ButtonLink>
  );
  return (
    <>
      <PageTitle
        extra={
          extra ? (
            <Flex gap={8} wrap>
              {extra}
              {addLink}
            </Flex>
          ) : (
            addLink
          )
        }
      >
        {title}
      </PageTitle>
      {children && (
        <Flex gap={12} wrap role="search" align="center" aria-label={searchLabel}>
          {children}
          {total && (
            <Typography.Text type="secondary" aria-live="polite">
              {total}
            </Typography.Text>
          )}
        </Flex>
      )}
    </>
  );
}
