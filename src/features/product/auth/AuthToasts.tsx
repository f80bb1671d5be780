import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { showToast } from '../../../ui/toasts.tsx';
import { failureText } from '../errors/codeMessages.ts';
import { useAuthActor } from '../../viewRuntime.tsx';
import { selectFailure, selectLogoutReason } from '../../../../machines/auth.selectors.ts';

/**
 * SPEC §8: auto-login failure shows a toast with the error's message; an auto-logout with a
 * message shows it; an expired token says so.
 */
export function AuthToasts() {
  const { t, i18n } = useLingui();
  const auth = useAuthActor();
  const reason = useSelector(auth, selectLogoutReason);
  const failure = useSelector(auth, selectFailure);

  // Once per logout: the effect also runs again when the translations change (the logged-in
  // catalog arriving swaps `t` and `i18n`), which must not repeat the toast.
  const told = useRef<{ reason: typeof reason; failure: typeof failure } | null>(null);
  useEffect(() => {
    if (told.current?.reason === reason && told.current.failure === failure) return;
    told.current = { reason, failure };
    if (reason === 'expired') showToast(t`Your session has expired. Please log in again.`, 'warning');
    else if ((reason === 'validationFailed' || reason === 'unauthorized') && failure) {
      showToast(failureText(i18n, failure), 'error');
    }
  }, [reason, failure, t, i18n]);
  return null;
}
