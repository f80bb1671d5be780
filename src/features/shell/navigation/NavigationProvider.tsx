import { createActorContext } from '@xstate/react';
import type { ReactNode } from 'react';
import { navigationMachine } from '../../../../machines/navigation.ts';
import { useLogic } from '../../viewRuntime.tsx';

/** The chrome's navigation actor, living as long as the layout around the logged-in pages. */
export const NavigationActor = createActorContext(navigationMachine);

export const useNavigationSelector = NavigationActor.useSelector;
export const useNavigationActor = NavigationActor.useActorRef;

export function NavigationProvider({ children }: { children: ReactNode }) {
  const logic = useLogic().navigation;
  return (
    <NavigationActor.Provider logic={logic}>
      {children}
    </NavigationActor.Provider>
  );
}
