/** The screens a page can come with painted in (`<div id="root" data-prerendered="…">`). */
export const PRERENDERED = { login: 'login' } as const;
