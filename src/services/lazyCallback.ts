import { fromCallback, type EventObject } from 'xstate';

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
