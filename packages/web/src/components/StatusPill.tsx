import type { ReactNode } from 'react';

/** The status colours, each with AA contrast on its own background. */
export type PillTone = 'blue' | 'green' | 'grey' | 'pink' | 'orange';

/** A status shown as a coloured pill with its icon (tests, webinars, webinar tests). */
export function StatusPill({
  tone,
  icon,
  status,
  testId,
  children,
}: {
  tone: PillTone;
  icon?: ReactNode;
  /** the server's status text, for tests and styles (`data-status`) */
  status: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <span className={`oqu-pill oqu-pill-${tone}`} data-status={status} data-testid={testId}>
      {icon}
      <span>{children}</span>
    </span>
  );
}
