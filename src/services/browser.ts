/** Facts about the visitor's browser that decide which pre-render screen shows. */
export function supportsWebRtc(): boolean {
  return typeof window.RTCPeerConnection === 'function';
}

/** Chrome (not Edge, Opera or Samsung's) or Safari. */
export function isRecommendedBrowser(userAgent: string = navigator.userAgent): boolean {
  if (/Edg\/|OPR\/|SamsungBrowser|Firefox\/|FxiOS/.test(userAgent)) return false;
  return /Chrome\/|CriOS\/|HeadlessChrome\//.test(userAgent) || (/Safari\//.test(userAgent) && /Version\//.test(userAgent));
}
