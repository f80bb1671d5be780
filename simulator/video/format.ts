/** Texts the screen shows. Money on the wire is integer minor units; the cabinet shows 1,234.56. */

export function formatMoney(minor: number): string {
  if (!Number.isFinite(minor)) return '0.00';
  const cents = Math.min(Math.round(Math.abs(minor)), Number.MAX_SAFE_INTEGER);
  const whole = Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = String(cents % 100).padStart(2, '0');
  return `${minor < 0 && cents > 0 ? '-' : ''}${whole}.${fraction}`;
}

/** Wall clock plus frame number: proves the picture is live even when the game is idle. */
export function formatClock(now: number, frame: number): string {
  const date = new Date(Number.isFinite(now) ? now : 0);
  const pad = (value: number) => String(value).padStart(2, '0');
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  return `${time} #${String(Math.max(0, Math.floor(frame)) % 1_000_000).padStart(6, '0')}`;
}
