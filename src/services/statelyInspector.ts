import { createBrowserInspector } from '@statelyai/inspect';
import type { InspectionEvent } from 'xstate';

/**
 * The optional hook-up to Stately Inspector (`?inspect=stately`): every inspection event also
 * goes to stately.ai/inspect, which @statelyai/inspect opens in a new window (allow pop-ups for
 * the page). The only part of the inspector that needs an outside site, and only when asked for;
 * the built-in panel works offline.
 */
export function connectStately(): (event: InspectionEvent) => void {
  const stately = createBrowserInspector();
  return (event) => stately.inspect.next?.(event);
}
