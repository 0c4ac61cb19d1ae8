// Numeric settings of the benchmarks, read from the environment once, with a clear error naming the
// variable (STYLE.md habit 3) instead of a NaN that would quietly measure nothing.

export function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

export function positiveInteger(name: string, fallback: number): number {
  const value = positiveNumber(name, fallback);
  if (!Number.isInteger(value)) throw new Error(`${name} must be a positive integer, got "${process.env[name]}"`);
  return value;
}
