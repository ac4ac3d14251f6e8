import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { usePageTitle } from '../lib/usePageTitle';

/** The page's one h1; also sets the tab title. */
export function PageTitle({ children, extra }: { children: string; extra?: ReactNode }) {
  usePageTitle(children);
  return (
    <div className="oqu-page-head">
      <Typography.Title level={1} className="oqu-page-title">
        {children}
      </Typography.Title>
      {extra && <div className="oqu-page-extra">{extra}</div>}
    </div>
  );
}
