import { useCallback, useEffect, useState } from 'react';

/**
 * `value` once it has stayed the same for `delay` ms; `flush()` takes the current value at once
 * (Enter in a lookup field should not wait).
 */
export function useDebouncedValue<T>(value: T, delay: number): [T, () => void] {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  const flush = useCallback(() => setSettled(value), [value]);
  return [settled, flush];
}
