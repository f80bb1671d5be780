/**
 * An object whose properties are each made by their factory the first time they are read, then
 * kept. The composition root names every machine the logged-in pages may use; a page reads a few.
 * Building a chart (and `.provide()`, which builds the whole chart again with the real services)
 * is a few milliseconds each on a phone, so the lobby's first load should not pay for the account,
 * protection and template machines its page never reads.
 */
export function onFirstUse<T extends object>(factories: { [K in keyof T]: () => T[K] }): T {
  const made = {} as T;
  for (const key of Object.keys(factories) as (keyof T & string)[]) {
    Object.defineProperty(made, key, {
      enumerable: true,
      configurable: true,
      get() {
        const value = factories[key]();
        Object.defineProperty(made, key, { value, enumerable: true, writable: false, configurable: false });
        return value;
      },
    });
  }
  return made;
}
