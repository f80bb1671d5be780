import { ErrorCode } from '../../protocol/errors.ts';
import { FloorCode, type MachineClientMessage, type MachineServerMessage, SESSION_ENDED_CLOSE } from '../../protocol/sockets.ts';
import { authenticateToken } from '../api/authenticate.ts';
import type { ApiDeps } from '../api/deps.ts';
import { ApiFailure } from '../http/errors.ts';
import { LedgerError } from '../store/ledger.ts';
import type { PlayerConnection } from './context.ts';
import type { Floor } from './floor.ts';
import { Refusal } from './machine.ts';

/** Where a channel's frames go: a WebSocket in the server, a fake in the property tests. */
export interface Transport {
  readonly open: boolean;
  send(message: MachineServerMessage): void;
  close(code: number, reason: string): void;
}

/** Close code of a first join that was refused. */
export const JOIN_REFUSED_CLOSE = 4004;

type JoinState = { state: 'idle' } | { state: 'joining' } | { state: 'joined'; machineId: number };

/**
 * One machine socket of a login session, apart from its transport:
 * - one socket, one machine: 'joining' covers init's token check, so a second init sent meanwhile
 *   is refused (60009) instead of racing the first; the floor refuses a join while the player
 *   holds another machine;
 * - every frame re-checks the login session first; once it has ended the channel says why
 *   (an error frame with the code) and closes with 4401, and nothing more is run.
 */
export class MachineChannel {
  readonly #deps: Pick<ApiDeps, 'tokens' | 'store' | 'now' | 'sessions' | 'protection'>;
  readonly #floor: Floor;
  readonly #jti: string;
  readonly #transport: Transport;
  readonly #conn: PlayerConnection;
  #join: JoinState = { state: 'idle' };
  #closed = false;

  constructor(deps: Pick<ApiDeps, 'tokens' | 'store' | 'now' | 'sessions' | 'protection'>, floor: Floor, session: { playerId: number; jti: string }, transport: Transport) {
    this.#deps = deps;
    this.#floor = floor;
    this.#jti = session.jti;
    this.#transport = transport;
    this.#conn = {
      playerId: session.playerId,
      send: (m) => this.#send(m),
      close: (code, reason) => transport.close(code, reason),
    };
  }

  get playerId(): number {
    return this.#conn.playerId;
  }

  /** The machine this channel has joined, if any. */
  get machineId(): number | null {
    return this.#join.state === 'joined' ? this.#join.machineId : null;
  }

  /** Runs one validated frame of the player. */
  async receive(message: MachineClientMessage): Promise<void> {
    if (!this.#live()) return;
    if (message.type === 'ping') return this.#send({ type: 'pong' });
    const requestId = 'requestId' in message ? message.requestId : undefined;
    let firstJoin = false;
    try {
      if (message.type === 'init') {
        if (this.#join.state !== 'idle') throw new Refusal(FloorCode.alreadyJoined, `this socket is already ${this.#join.state}`);
        firstJoin = true;
        this.#join = { state: 'joining' };
        const auth = await authenticateToken(message.token, this.#deps);
        if (auth.player.id !== this.playerId) throw new Refusal(ErrorCode.signatureNotVerified, 'token of another player');
        // The socket may have closed, or its session ended, while the token was checked.
        if (!this.#live()) return;
        this.#floor.join(this.#conn, message.machineID);
        this.#join = { state: 'joined', machineId: message.machineID };
        return;
      }
      if (this.#join.state !== 'joined') throw new Refusal(FloorCode.notJoined, 'join a machine first (init)');
      const { duplicate } = this.#floor.require(this.#join.machineId).handle(this.#conn, message);
      this.#send({
        type: 'ack',
        request: message.type === 'button' ? message.button : message.type,
        ...(requestId ? { requestId } : {}),
        ...(duplicate ? { duplicate } : {}),
      });
    } catch (error) {
      const code = codeOf(error);
      if (code === null) console.error('simulator: machine socket request failed', error);
      this.#send({
        type: 'error',
        code: code ?? 50000,
        ErrorMessage: error instanceof Error ? error.message : 'internal error',
        ...(requestId ? { requestId } : {}),
        ...(error instanceof Refusal && error.params ? { Params: error.params } : {}),
      });
      // A first join that was refused ends the connection; other refusals leave it open.
      if (firstJoin) {
        this.#join = { state: 'idle' };
        this.#transport.close(JOIN_REFUSED_CLOSE, 'join refused');
      }
    }
  }

  /** The login session ended: say why, then close. Frames after this are not run. */
  end(code: number): void {
    if (!this.#transport.open) return;
    this.#send({ type: 'error', code, ErrorMessage: 'the session has ended' });
    this.#transport.close(SESSION_ENDED_CLOSE, String(code));
  }

  /** The transport went away: a joined machine keeps the player's session, reserved. */
  closed(): void {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#join.state === 'joined') this.#floor.machine(this.#join.machineId)?.dropped(this.#conn);
  }

  #live(): boolean {
    if (this.#closed || !this.#transport.open) return false;
    const code = this.#deps.sessions.endedCode(this.#jti);
    if (code === null) return true;
    this.end(code);
    return false;
  }

  #send(message: MachineServerMessage): void {
    if (this.#transport.open) this.#transport.send(message);
  }
}

function codeOf(error: unknown): number | null {
  if (error instanceof Refusal || error instanceof LedgerError || error instanceof ApiFailure) return error.code;
  return null;
}
