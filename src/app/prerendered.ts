/** The screens a page can come with painted in (`<div id="root" data-prerendered="…">`). */
export const PRERENDERED = { login: 'login' } as const;

/** The lobby painted from HTML stands in this element, before #root (scripts/prerender.ts, paintedLobbyHold.tsx). */
export const PAINTED_LOBBY_ID = 'painted-lobby';
