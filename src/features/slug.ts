/** The URL's name segment for a machine or a brand (/game/:id/:name, /lobby/:id/:name). */
export function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'machine';
}
