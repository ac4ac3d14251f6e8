import { Card, Typography } from 'antd';
import type { ComponentType, ReactNode } from 'react';

interface EmptyStateProps {
  /** an icon component (e.g. from @ant-design/icons), drawn in the brand circle */
  icon?: ComponentType<{ className?: string; 'aria-hidden'?: 'true' }>;
  title?: string;
  /** heading level of the title */
  level?: 2 | 3;
  text: ReactNode;
  /** an action under the text (a link back, a retry) */
  action?: ReactNode;
  /** without its own card, when it stands inside another one */
  bare?: boolean;
  testId?: string;
}

/** "Nothing here" in one look everywhere: an icon, a title, why, and what to do next. */
export function EmptyState({ icon: Icon, title, level = 2, text, action, bare = false, testId }: EmptyStateProps) {
  const content = (
    <div className="oqu-empty" data-testid={bare ? testId : undefined}>
      {Icon && <Icon className="oqu-empty-icon" aria-hidden="true" />}
      {title && (
        <Typography.Title level={level} className="oqu-empty-title">
          {title}
        </Typography.Title>
      )}
      <Typography.Paragraph className="oqu-empty-text">{text}</Typography.Paragraph>
      {action}
    </div>
  );
  return bare ? (
    content
  ) : (
    <Card className="oqu-empty-card" data-testid={testId}>
      {content}
    </Card>
  );
}
