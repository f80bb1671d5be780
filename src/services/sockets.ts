/** Where a socket setting points: an absolute ws(s) URL, or a path on this site. */
export function socketUrl(setting: string, token: string): string {
  const base = new URL(setting, window.location.href);
  if (base.protocol === 'http:') base.protocol = 'ws:';
  if (base.protocol === 'https:') base.protocol = 'wss:';
  base.searchParams.set('token', token);
  return base.toString();
}
