import type { FormInstance } from 'antd';
import { ApiError } from './api';

/**
 * Puts the server's per-field messages (ApiError.fields, paths as the API names them) on the form's
 * fields. `fields` lists the names the API and the form share, or maps API names to form field
 * names (e.g. `{ Duty: 'DutyText' }`); the match ignores case, so `name` (the spec's second
 * spelling) finds `Name` too.
 */
export function showFieldErrors(form: FormInstance, error: unknown, fields: readonly string[] | Record<string, string>): void {
  if (!(error instanceof ApiError) || !Array.isArray(error.fields)) return;
  const names: [string, string][] = Array.isArray(fields) ? fields.map((name) => [name, name]) : Object.entries(fields);
  const byField = new Map<string, string[]>();
  for (const problem of error.fields) {
    const path = typeof problem?.path === 'string' ? problem.path.split('.')[0].toLowerCase() : '';
    const field = names.find(([api]) => api.toLowerCase() === path)?.[1];
    if (field && typeof problem.message === 'string') byField.set(field, [...(byField.get(field) ?? []), problem.message]);
  }
  form.setFields([...byField].map(([name, errors]) => ({ name, errors })));
}
