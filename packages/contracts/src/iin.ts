const FIRST_WEIGHTS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
const SECOND_WEIGHTS = [3, 4, 5, 6, 7, 8, 9, 10, 11, 1, 2];

/** Kazakhstan IIN: 12 digits whose last one is the mod-11 check digit of the first eleven. */
export function isValidIin(value: string): boolean {
  if (!/^\d{12}$/.test(value)) return false;
  const digits = [...value].map(Number);
  const weighted = (weights: number[]) => weights.reduce((sum, w, i) => sum + w * digits[i], 0) % 11;
  let check = weighted(FIRST_WEIGHTS);
  if (check === 10) check = weighted(SECOND_WEIGHTS);
  return check !== 10 && check === digits[11];
}
