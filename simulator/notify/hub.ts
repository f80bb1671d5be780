import type { NotificationServerMessage } from '../../protocol/sockets.ts';

type Send = (message: NotificationServerMessage) => void;

/** Who is listening on the notification socket, per player. */
export class NotificationHub {
  readonly #byPlayer = new Map<number, Set<Send>>();

  /** Registers a listener; returns its removal. */
  add(playerId: number, send: Send): () => void {
    let listeners = this.#byPlayer.get(playerId);
    if (!listeners) {
      listeners = new Set();
      this.#byPlayer.set(playerId, listeners);
    }
    listeners.add(send);
    return () => {
      listeners.delete(send);
      if (listeners.size === 0) this.#byPlayer.delete(playerId);
    };
  }

  toPlayer(playerId: number, message: NotificationServerMessage): void {
    this.#byPlayer.get(playerId)?.forEach((send) => send(message));
  }

  toAll(message: NotificationServerMessage): void {
    for (const listeners of this.#byPlayer.values()) listeners.forEach((send) => send(message));
  }

  listeners(): number {
    let n = 0;
    for (const listeners of this.#byPlayer.values()) n += listeners.size;
    return n;
  }
}
