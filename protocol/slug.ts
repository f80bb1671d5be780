/**
 * The URL's name segment for a machine or a brand (/game/:id/:name, /lobby/:id/:name). A module of
 * its own: the boot's code names a game's address, and must not carry the painted pages' code
 * (protocol/pages.ts) and the floor's schemas with it (/login's JavaScript budget).
 */
export function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'machine';
}
