/**
 * A schema built the first time it is used rather than when its module is evaluated. zod builds
 * each schema eagerly (classes, checks, shapes): for the protocol's ~100 schemas that is a few
 * milliseconds unthrottled, on a phone at Lighthouse's 4× some 25 ms of the boot file's evaluation
 * and as much again of the logged-in half's, in the middle of one long task, while the page needs
 * a handful of them, later, when an answer arrives (docs/performance.md). The value stands in for
 * the schema in every way zod and the code use one (its type is the schema's): reading any
 * property builds it once, and from then on every read is passed to it. For schemas with
 * something to build (objects, unions, enums, pipes): a bare `z.int()` costs nothing to make, and
 * as a stand-in would only add a trap to each read of every parse that reaches it.
 */
export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const schema = (): T => (built ??= build());
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(schema(), key),
    has: (_, key) => Reflect.has(schema(), key),
    set: (_, key, value) => Reflect.set(schema(), key, value),
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
    ownKeys: () => Reflect.ownKeys(schema()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      // A proxy may not report a property as fixed that its own (empty) target does not have.
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}
