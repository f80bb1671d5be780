/** Device facts views render from: the game screen's controls (SPEC: game screen controls), the login's browser notice. */
export function isAppleHandheld(userAgent: string = navigator.userAgent): boolean {
  return /iPhone|iPod|iPad/.test(userAgent);
}

export function isPortrait(): boolean {
  return window.matchMedia('(orientation: portrait)').matches;
}

/** Chrome (not Edge, Opera or Samsung's) or Safari. */
export function isRecommendedBrowser(userAgent: string = navigator.userAgent): boolean {
  if (/Edg\/|OPR\/|SamsungBrowser|Firefox\/|FxiOS/.test(userAgent)) return false;
  return /Chrome\/|CriOS\/|HeadlessChrome\//.test(userAgent) || (/Safari\//.test(userAgent) && /Version\//.test(userAgent));
}
