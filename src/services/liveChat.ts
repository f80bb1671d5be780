/**
 * The live-chat widget (LIVE_CHAT): one of two provider kinds, loaded lazily — when the page is
 * idle, or after 5 s at the latest (SPEC §9 fallback) — and never when the setting is off.
 */
export type LiveChatKind = 'tawk' | 'jivo';

export const LIVE_CHAT_FALLBACK_MS = 5000;

export function liveChatScriptUrl(kind: LiveChatKind, id: string): string {
  const safeId = encodeURIComponent(id);
  return kind === 'tawk' ? `https://embed.tawk.to/${safeId}/default` : `https://code.jivosite.com/widget/${safeId}`;
}

/** Schedules the widget's script; returns a cancel for the schedule (a loaded script stays). */
export function scheduleLiveChat(kind: LiveChatKind, id: string, doc: Document = document): () => void {
  let done = false;
  const inject = () => {
    if (done) return;
    done = true;
    if (doc.querySelector('script[data-live-chat]')) return;
    const script = doc.createElement('script');
    script.async = true;
    script.src = liveChatScriptUrl(kind, id);
    script.dataset.liveChat = kind;
    script.crossOrigin = 'anonymous';
    doc.body.appendChild(script);
  };
  const win = doc.defaultView;
  const idle = typeof win?.requestIdleCallback === 'function' ? win.requestIdleCallback(inject, { timeout: LIVE_CHAT_FALLBACK_MS }) : null;
  const fallback = setTimeout(inject, LIVE_CHAT_FALLBACK_MS);
  return () => {
    done = true;
    clearTimeout(fallback);
    if (idle !== null && win) win.cancelIdleCallback(idle);
  };
}
