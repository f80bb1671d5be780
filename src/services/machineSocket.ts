import { fromCallback } from 'xstate';
import type { MachineRequest, SocketEvent } from '../../machines/gameSession.ts';
import { isCloseWarningCode, SESSION_END_CODES } from '../../protocol/errors.ts';
import { MachineServerMessage, SESSION_ENDED_CLOSE } from '../../protocol/sockets.ts';
import { socketUrl, watchLink } from './sockets.ts';

/** Close codes with which the floor ends a socket on purpose (docs/protocol.md). */
const DELIBERATE_CLOSES = new Set([1000, 4001, 4002, 4003, 4004, 4005]);

/** Turns one server frame into the gameSession machine's event (or nothing). */
export function toSocketEvent(frame: MachineServerMessage): SocketEvent | null {
  switch (frame.type) {
    case 'joined':
      return {
        type: 'socket.joined',
        join: {
          machineName: frame.machine.name,
          brand: frame.machine.brand,
          videoType: frame.videoType,
          bands: frame.bands,
          hotCoins: frame.hotCoins,
          maxAllIn: frame.maxAllIn,
          rules: frame.rules ?? null,
        },
        machine: frame.state,
        balance: frame.balance,
        session: frame.session,
      };
    case 'state':
      return { type: 'socket.state', machine: frame.state };
    case 'spinStart':
      return { type: 'socket.spinStart', spin: frame.spin };
    case 'spin':
      return { type: 'socket.spin', spin: frame.outcome };
    case 'balance':
      return { type: 'socket.balance', balance: frame.balance };
    case 'session':
      return { type: 'socket.session', session: frame.session };
    case 'info':
      // A countdown to the end of the session: its seconds are in the params.
      if (isCloseWarningCode(frame.info.code)) return { type: 'socket.closeWarning', code: frame.info.code, count: Number(frame.info.params.count ?? 0) };
      return { type: 'socket.info', code: frame.info.code, params: frame.info.params, message: frame.info.message };
    case 'ack':
      return { type: 'socket.ack', request: frame.request, ...(frame.requestId ? { requestId: frame.requestId } : {}) };
    case 'error':
      // Why a login session ended comes once, from the auth machine's logout (the close follows).
      if (SESSION_END_CODES.has(frame.code)) return null;
      return {
        type: 'socket.error',
        failure: { code: frame.code, message: frame.ErrorMessage, params: frame.Params ?? {} },
        ...(frame.requestId ? { requestId: frame.requestId } : {}),
      };
    case 'quit':
      return { type: 'socket.quit', reason: frame.reason };
    case 'closeSession':
      return { type: 'socket.closeSession', code: frame.code };
    case 'realityCheck':
      return { type: 'socket.realityCheck', session: frame.session };
    default:
      return null;
  }
}

/**
 * The machine socket as a child actor of gameSession: it queues requests until the socket is
 * open, validates every frame, and tells a deliberate close from a lost connection.
 */
export function machineSocketLogic(machineUrlSetting: string) {
  return fromCallback<{ type: 'send'; message: MachineRequest }, { machineId: number; token: string }>(
    ({ input, sendBack, receive }) => {
      // Typed: only the events the parent machine understands go back to it.
      const tell = (event: SocketEvent) => sendBack(event);
      const ws = new WebSocket(socketUrl(machineUrlSetting, input.token));
      const queue: string[] = [];
      let stopped = false;
      let lost = false;
      // A silent or offline link is lost now: the socket is closed at once, so nothing pressed
      // meanwhile is sent later (docs/protocol.md, the link's heartbeat).
      const link = watchLink(ws, () => {
        if (stopped || lost) return;
        lost = true;
        tell({ type: 'socket.lost' });
        ws.close(4000, 'the link went silent');
      });
      ws.addEventListener('open', () => queue.splice(0).forEach((data) => ws.send(data)));
      ws.addEventListener('message', (message) => {
        link.heard();
        let frame: MachineServerMessage;
        try {
          frame = MachineServerMessage.parse(JSON.parse(String(message.data)));
        } catch {
          console.warn('machine socket: ignored an invalid frame');
          return;
        }
        const event = toSocketEvent(frame);
        if (event && !lost) tell(event);
      });
      ws.addEventListener('close', (event) => {
        if (stopped || lost) return;
        if (event.code === SESSION_ENDED_CLOSE) tell({ type: 'socket.sessionEnded' });
        else tell(DELIBERATE_CLOSES.has(event.code) ? { type: 'socket.closed', code: event.code } : { type: 'socket.lost' });
      });
      receive((event) => {
        if (lost) return;
        const data = JSON.stringify(event.message);
        if (ws.readyState === WebSocket.OPEN) ws.send(data);
        else if (ws.readyState === WebSocket.CONNECTING) queue.push(data);
      });
      return () => {
        stopped = true;
        link.stop();
        ws.close(1000, 'left the game');
      };
    },
  );
}
