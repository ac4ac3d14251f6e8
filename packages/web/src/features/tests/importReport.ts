/** The per-row report of a refused question import (POST /api/question/import → 422). */

export interface ImportProblemLine {
  /** unique within the report, for React keys */
  key: string;
  /** the sheet's row number (1 is the header) */
  row: number;
  column: string;
  message: string;
}

export interface ImportReport {
  message: string;
  lines: ImportProblemLine[];
  /** rows with at least one problem */
  rows: number;
}

const text = (value: unknown) => (typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value));

/**
 * Flattens the refusal body `{message, rows:[{Row, Errors:[{Column, Message}]}]}` into one line
 * per problem, sorted by row. Anything malformed is skipped rather than shown half-read.
 */
export function importReportOf(body: unknown, fallbackMessage: string): ImportReport {
  const envelope = body && typeof body === 'object' ? (body as { message?: unknown; rows?: unknown }) : {};
  const message = text(envelope.message) || fallbackMessage;
  const lines: ImportProblemLine[] = [];
  const rowNumbers = new Set<number>();
  const rows = Array.isArray(envelope.rows) ? envelope.rows : [];
  for (const entry of rows) {
    if (!entry || typeof entry !== 'object') continue;
    const { Row, Errors } = entry as { Row?: unknown; Errors?: unknown };
    const row = Number(Row);
    if (!Number.isInteger(row) || !Array.isArray(Errors)) continue;
    Errors.forEach((problem, index) => {
      if (!problem || typeof problem !== 'object') return;
      const { Column, Message } = problem as { Column?: unknown; Message?: unknown };
      rowNumbers.add(row);
      lines.push({ key: `${row}-${index}`, row, column: text(Column), message: text(Message) });
    });
  }
  lines.sort((a, b) => a.row - b.row);
  return { message, lines, rows: rowNumbers.size };
}
