import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import type { AuthEmitted } from '../../../../machines/auth.ts';
import { showToast, TOAST_AUTOCLOSE_MS } from '../../../ui/toasts.tsx';
import { failureText } from '../errors/codeMessages.ts';
import { useAuthActor } from '../../viewRuntime.tsx';

type Info = Extract<AuthEmitted, { type: 'info' }>;

/** Messages held while the texts are not there: a few at most, the newest kept. */
const HELD_AT_MOST = 5;

/**
 * Operator info messages from the notification socket: CODE_{code}, else the server's text.
 * Mounted from the login on (session/Overlays.tsx), so a message in the login's first moments is
 * heard; it is shown once the logged-in half's texts are here (`ready`), held until then.
 */
export function InfoToasts({ ready }: { ready: boolean }) {
  const { i18n } = useLingui();
  const auth = useAuthActor();
  const now = useRef<{ ready: boolean; i18n: I18n; held: Info[] }>({ ready: false, i18n, held: [] });
  useEffect(() => {
    const subscription = auth.on('info', (info) => {
      if (now.current.ready) toast(now.current.i18n, info);
      else now.current.held = [...now.current.held, info].slice(-HELD_AT_MOST);
    });
    return () => subscription.unsubscribe();
  }, [auth]);
  useEffect(() => {
    now.current.ready = ready;
    now.current.i18n = i18n;
    if (!ready) return;
    const waiting = now.current.held;
    now.current.held = [];
    waiting.forEach((info) => toast(i18n, info));
  }, [ready, i18n]);
  return null;
}

function toast(i18n: I18n, info: Info): void {
  showToast(failureText(i18n, { code: info.code, message: info.message, params: info.params }), 'info', { hideAfterMs: TOAST_AUTOCLOSE_MS });
}
