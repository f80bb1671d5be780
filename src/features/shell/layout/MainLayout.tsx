import { useDeferredValue } from 'react';
import { PaintedLobbyHere, usePaintedLobbyStoodAtMount } from '../../../ui/paintedLobbyHold.tsx';
import { ChromeHost } from '../chrome/ChromeHost.tsx';
import { NavigationProvider } from '../navigation/NavigationProvider.tsx';
import { InfoModal } from './InfoModal.tsx';
import { Layout1 } from './Layout1.tsx';
import { Layout2 } from './Layout2.tsx';
import { Layout3 } from './Layout3.tsx';
import { useLayoutChoice } from '../settings/layoutChoice.ts';

/** The page chrome around the logged-in pages, in the layout the settings (or the player) chose. */
export function MainLayout() {
  const layout = useLayoutChoice();
  // Under a lobby painted from HTML the chrome and the page are not urgent (nothing of them is
  // seen until they are whole): their first render is a deferred one, cut into slices the phone's
  // main thread can breathe between, not one long task from the router's store change. Only the
  // first render's choice: the take-over does not render the chrome again.
  const painted = usePaintedLobbyStoodAtMount();
  const drawn = useDeferredValue(true, !painted);
  if (!drawn) return <PaintedLobbyHere />;
  return (
    <NavigationProvider>
      <ChromeHost>
        {layout === 'layout3' ? <Layout3 /> : layout === 'layout2' ? <Layout2 /> : <Layout1 />}
        <InfoModal />
      </ChromeHost>
    </NavigationProvider>
  );
}
