/** Device facts the game screen's controls depend on (SPEC: game screen controls). */
export function isAppleHandheld(userAgent: string = navigator.userAgent): boolean {
  return /iPhone|iPod|iPad/.test(userAgent);
}

export function isPortrait(): boolean {
  return window.matchMedia('(orientation: portrait)').matches;
}

/**
 * How wide the picture is shown on a viewport this size, in CSS pixels (GamePage's layout):
 * upright the full width; in landscape what the side bar leaves (320 px on a desktop; on a short
 * screen a strip of 56 and 200–300 px), no wider than 16:9 at the full height.
 */
export function pictureWidth(width: number, height: number): number {
  if (height >= width) return Math.round(width);
  const full = (height * 16) / 9;
  const side = height <= 540 ? 56 + Math.min(300, Math.max(200, width - full - 56)) : 320;
  return Math.round(Math.max(0, Math.min(width - side, full)));
}
