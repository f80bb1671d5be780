import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { selectLockBusy, selectLockFailure } from '../../../../machines/selfLock.selectors.ts';
import { showToast } from '../../../ui/toasts.tsx';
import { useActorOptions, useLogic } from '../../viewRuntime.tsx';
import { failureText } from '../errors/codeMessages.ts';

/** A self-lock actor for a view (the panic button, the break card): busy while it locks, a failed try said in a toast. */
export function useSelfLock() {
  const { i18n } = useLingui();
  const lock = useActorRef(useLogic().selfLock, useActorOptions());
  const busy = useSelector(lock, selectLockBusy);
  const failure = useSelector(lock, selectLockFailure);
  useEffect(() => {
    if (failure) showToast(failureText(i18n, failure), 'error');
  }, [failure, i18n]);
  return { lock, busy };
}
