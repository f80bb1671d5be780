/**
 * The build's pages beside index.html that a server sends for an address of the client's router
 * (scripts/prerender.ts writes them; the simulator and docs/operators.md serve them).
 */

/** /login with its screen painted in, in one language: login.html for English, login.tr.html… */
export function loginFileName(language: string): string {
  return language === 'en' ? 'login.html' : `login.${language}.html`;
}

/** The URL's name segment for a machine or a brand (/game/:id/:name, /lobby/:id/:name). */
export function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'machine';
}
