/** Minor units as major units with two decimals ('1523.45'), in integers so no float rounding creeps in. */
export function formatMajor(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
