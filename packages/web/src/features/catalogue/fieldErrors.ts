import type { FormInstance } from 'antd';
import { ApiError } from '../../lib/api';

/**
 * Puts the server's per-field messages (ApiError.fields, paths as the API names them) on the
 * form's fields. `fields` maps API names to form field names, e.g. `{ Duty: 'DutyText' }`;
 * the match ignores case, so `name` (the spec's second spelling) finds `Name` too.
 */
export function applyFieldErrors(form: FormInstance, error: unknown, fields: Record<string, string>): void {
  if (!(error instanceof ApiError) || !Array.isArray(error.fields)) return;
  const byField = new Map<string, string[]>();
  for (const problem of error.fields) {
    const path = typeof problem?.path === 'string' ? problem.path.split('.')[0].toLowerCase() : '';
    const entry = Object.entries(fields).find(([api]) => api.toLowerCase() === path);
    if (entry && typeof problem.message === 'string') byField.set(entry[1], [...(byField.get(entry[1]) ?? []), problem.message]);
  }
  form.setFields([...byField].map(([name, errors]) => ({ name, errors })));
}
