import { fromCallback, type AnyActorLogic, type EventObject } from 'xstate';

type Start<TInput, TBack extends EventObject> = (input: TInput, sendBack: (event: TBack) => void) => () => void;

/**
 * A callback actor whose implementation is downloaded when it first starts, so code that only
 * runs after login stays out of the entry bundle. Stopped before the download is done, it never
 * starts; a failed download leaves it idle (the parent's own timeouts and retries still apply).
 */
export function lazyCallback<TEvent extends EventObject, TInput, TBack extends EventObject>(load: () => Promise<Start<TInput, TBack>>) {
  return fromCallback<TEvent, TInput>(({ input, sendBack }) => {
    let stopped = false;
    let stop: (() => void) | null = null;
    load().then(
      (start) => {
        if (!stopped) stop = start(input, sendBack);
      },
      () => undefined,
    );
    return () => {
      stopped = true;
      stop?.();
    };
  });
}

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
