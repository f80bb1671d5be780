import type { LobbyMachineStatus } from '../../../machines/lobby.ts';

export type StatusChange = { id: number; status: LobbyMachineStatus };

/**
 * How long live machine statuses are gathered before the lobby shows them: each batch is one
 * lobby transition and one frame. The socket already gathers them for up to 100 ms
 * (MACHINE_BATCH_MS), so a status shows within half a second. (Measured: longer batches on a
 * storm of changes save no main-thread time and make each batch's render a longer task.)
 */
export const LIVE_BATCH_MS = 400;

/** Gathers status changes (the last status of each machine wins) and hands them on in batches. */
export function statusBatches(deliver: (changes: StatusChange[]) => void) {
  const pending = new Map<number, LobbyMachineStatus>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    const changes = [...pending].map(([id, status]) => ({ id, status }));
    pending.clear();
    deliver(changes);
  };
  return {
    add(changes: readonly StatusChange[]) {
      for (const change of changes) pending.set(change.id, change.status);
      timer ??= setTimeout(flush, LIVE_BATCH_MS);
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
      pending.clear();
    },
  };
}
