import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { showToast, TOAST_AUTOCLOSE_MS } from '../../../ui/toasts.tsx';
import { failureText } from '../errors/codeMessages.ts';
import { useAuthActor } from '../../viewRuntime.tsx';

/** Operator info messages from the notification socket: CODE_{code}, else the server's text. */
export function InfoToasts() {
  const { i18n } = useLingui();
  const auth = useAuthActor();
  useEffect(() => {
    const subscription = auth.on('info', (info) =>
      showToast(failureText(i18n, { code: info.code, message: info.message, params: info.params }), 'info', {
        hideAfterMs: TOAST_AUTOCLOSE_MS,
      }),
    );
    return () => subscription.unsubscribe();
  }, [auth, i18n]);
  return null;
}
