import { Typography } from 'antd';

interface ClippedProps {
  text: string;
  width: number;
  rows?: number;
  /** a quieter, smaller second line */
  secondary?: boolean;
  strong?: boolean;
}

/** A long name in a table cell, cut to `rows` lines; the whole of it in a tooltip. */
export function Clipped({ text, width, rows = 2, secondary, strong }: ClippedProps) {
  return (
    <Typography.Paragraph
      type={secondary ? 'secondary' : undefined}
      strong={strong}
      ellipsis={{ rows, tooltip: text }}
      style={{ margin: 0, maxWidth: width, minWidth: Math.min(width, 140), fontSize: secondary ? 12 : undefined }}
    >
      {text}
    </Typography.Paragraph>
  );
}
