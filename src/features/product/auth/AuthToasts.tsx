import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { dismissToast, showToast } from '../../../ui/toasts.tsx';
import { failureText } from '../errors/codeMessages.ts';
import { useAuthActor } from '../../viewRuntime.tsx';
import { selectFailure, selectLogoutReason, selectSubmitting } from '../../../../machines/auth.selectors.ts';

/** The one toast that says why the last login ended (a new one replaces it). */
const LOGOUT_TOAST_ID = 'logout';

/**
 * SPEC §8: auto-login failure shows a toast with the error's message; an auto-logout with a
 * message shows it; an expired token says so. The player's next login attempt takes it away: the
 * form speaks for that attempt, and the same words (a lock's end, say) are not said twice.
 */
export function AuthToasts() {
  const { t, i18n } = useLingui();
  const auth = useAuthActor();
  const reason = useSelector(auth, selectLogoutReason);
  const failure = useSelector(auth, selectFailure);
  const submitting = useSelector(auth, selectSubmitting);

  // Once per logout: the effect also runs again when the translations change (the logged-in
  // catalog arriving swaps `t` and `i18n`), which must not repeat the toast.
  const told = useRef<{ reason: typeof reason; failure: typeof failure } | null>(null);
  useEffect(() => {
    if (told.current?.reason === reason && told.current.failure === failure) return;
    told.current = { reason, failure };
    if (reason === 'expired') showToast(t`Your session has expired. Please log in again.`, 'warning', { id: LOGOUT_TOAST_ID });
    else if ((reason === 'validationFailed' || reason === 'unauthorized') && failure) {
      showToast(failureText(i18n, failure), 'error', { id: LOGOUT_TOAST_ID });
    }
  }, [reason, failure, t, i18n]);
  useEffect(() => {
    if (submitting) dismissToast(LOGOUT_TOAST_ID);
  }, [submitting]);
  return null;
}
