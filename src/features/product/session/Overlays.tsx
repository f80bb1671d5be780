import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { useAuthActor, useLoggedInReady } from '../../viewRuntime.tsx';
import { selectLoggedIn } from '../../../../machines/auth.selectors.ts';
import { InfoToasts } from '../auth/InfoToasts.tsx';

// Loaded with the first logged-in page (and its texts), so the login screen does not carry the dialogs.
const LoggedInOverlays = lazy(() => import('./LoggedInOverlays.tsx').then((m) => ({ default: m.LoggedInOverlays })));

export function Overlays() {
  const loggedIn = useSelector(useAuthActor(), selectLoggedIn);
  const ready = useLoggedInReady(loggedIn);
  if (!loggedIn) return null;
  return (
    <>
      {/* Listening from the login on: an operator's message is not lost while the rest loads. */}
      <InfoToasts ready={ready} />
      {ready && (
        <Suspense fallback={null}>
          <LoggedInOverlays />
        </Suspense>
      )}
    </>
  );
}
