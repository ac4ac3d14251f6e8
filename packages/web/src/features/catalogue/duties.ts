/**
 * Plan positions are typed as comma-separated text and sent as a list (admin-back-office.md §5).
 * The parsing mirrors the server's (`duties` in the contracts): spaces are collapsed, empty
 * entries dropped and repeats kept once, so the tags shown while typing are exactly what is saved.
 */
export function parseDuties(text: string | null | undefined): string[] {
  if (!text) return [];
  const list = text
    .split(',')
    .map((duty) => duty.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  return [...new Set(list)];
}

/** The list as the form's text field shows it. */
export function dutiesText(list: readonly string[] | null | undefined): string {
  return (list ?? []).join(', ');
}
