import type { AnyActorLogic } from 'xstate';

/**
 * Actor logic downloaded before it is first started. `logic` stands in for it from the start, so a
 * machine can be provided with it at once, and hands every call on to the downloaded logic;
 * `ready()` downloads it (once; a failed download may be retried). The caller makes sure no actor
 * starts from it before `ready()` has resolved (auth enters loggedIn only after the login or
 * token check, which await it): used earlier, it throws rather than doing something half.
 */
export function lazyLogic<TLogic extends AnyActorLogic>(load: () => Promise<TLogic>): { logic: TLogic; ready: () => Promise<TLogic> } {
  let loaded: TLogic | null = null;
  let loading: Promise<TLogic> | null = null;
  const ready = () =>
    (loading ??= load().then(
      (logic) => (loaded = logic),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  const real = (): TLogic => {
    if (!loaded) throw new Error('lazyLogic: started before ready() resolved');
    return loaded;
  };
  const logic = new Proxy({} as TLogic, {
    get(_, key) {
      const target = real();
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
    has: (_, key) => Reflect.has(real(), key),
  });
  return { logic, ready };
}
