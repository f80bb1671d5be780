import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { useAuthActor } from '../runtime.tsx';

// Loaded with the first logged-in page, so the login screen does not carry the dialogs.
const LoggedInOverlays = lazy(() => import('./LoggedInOverlays.tsx').then((m) => ({ default: m.LoggedInOverlays })));

export function Overlays() {
  const loggedIn = useSelector(useAuthActor(), (s) => s.context.roles.length > 0);
  if (!loggedIn) return null;
  return (
    <Suspense fallback={null}>
      <LoggedInOverlays />
    </Suspense>
  );
}
