/** Facts about the visitor's browser that decide which pre-render screen shows. */
export function supportsWebRtc(): boolean {
  return typeof window.RTCPeerConnection === 'function';
}

/** Whether the browser has a network, as a store React can follow (useSyncExternalStore). */
export const onlineStatus = {
  subscribe(onChange: () => void): () => void {
    window.addEventListener('online', onChange);
    window.addEventListener('offline', onChange);
    return () => {
      window.removeEventListener('online', onChange);
      window.removeEventListener('offline', onChange);
    };
  },
  online: (): boolean => navigator.onLine,
};

/** `?inspect=stately`: the inspector also mirrors to Stately Inspector (an outside site). */
export function wantsStatelyMirror(): boolean {
  return new URLSearchParams(window.location.search).get('inspect') === 'stately';
}

/** The live inspector runs when the page is opened with ?inspect (or in a dev build); not for ?inspect=record. */
export function wantsInspector(): boolean {
  const inspect = new URLSearchParams(window.location.search).get('inspect');
  // ?inspect=record only records (services/modelRecord.ts), with no panel.
  return (inspect !== null && inspect !== 'record') || import.meta.env.DEV;
}

/** `?inspect=record`, or a reload of a tab opened with it: the model record (services/modelRecord.ts). */
export function wantsModelRecord(): boolean {
  try {
    if (new URLSearchParams(window.location.search).get('inspect') === 'record') sessionStorage.setItem('reelside.inspect', 'record');
    return sessionStorage.getItem('reelside.inspect') === 'record';
  } catch {
    return false;
  }
}
