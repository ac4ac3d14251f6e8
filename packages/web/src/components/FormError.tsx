import { Typography } from 'antd';

/** The server's refusal, in a red line under a form (admin-back-office.md §4, §8). */
export function FormError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <Typography.Paragraph type="danger" role="alert" style={{ marginTop: 12, marginBottom: 0 }}>
      {error}
    </Typography.Paragraph>
  );
}
