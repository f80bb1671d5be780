/** Device facts the game screen's controls depend on (SPEC: game screen controls). */
export function isAppleHandheld(userAgent: string = navigator.userAgent): boolean {
  return /iPhone|iPod|iPad/.test(userAgent);
}

export function isPortrait(): boolean {
  return window.matchMedia('(orientation: portrait)').matches;
}
