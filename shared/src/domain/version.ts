/** Numeric comparison per dot segment: 1.10.0 > 1.9.3. Non-numeric segments count as 0. */
export function compareVersions(a: string, b: string): number {
  const left = a.split('.').map((s) => Number.parseInt(s, 10) || 0);
  const right = b.split('.').map((s) => Number.parseInt(s, 10) || 0);
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const diff = (left[i] ?? 0) - (right[i] ?? 0);
    if (diff !== 0) return Math.sign(diff);
  }
  return 0;
}
