import { describe, expect, it } from 'vitest';
import { assign, createActor, fromCallback, setup, SimulatedClock, type AnyEventObject } from 'xstate';
import { notificationSocketMachine, type SocketEvent } from '../../machines/notificationSocket.ts';

/** The machine under a stand-in for auth, with fake sockets (each records whether it was closed). */
function start() {
  const sockets: Array<{ send: (event: SocketEvent) => void; closed: boolean }> = [];
  const machine = notificationSocketMachine.provide({
    actors: {
      socket: fromCallback(({ sendBack }) => {
        const socket = { send: (event: SocketEvent) => sendBack(event), closed: false };
        sockets.push(socket);
        return () => {
          socket.closed = true;
        };
      }),
    },
  });
  const auth = setup({ types: { context: {} as { heard: AnyEventObject[] } }, actors: { machine } }).createMachine({
    context: { heard: [] },
    invoke: { id: 'socket', src: 'machine', input: { token: 't', playerId: '1' } },
    on: { '*': { actions: assign({ heard: ({ context, event }) => [...context.heard, event] }) } },
  });
  const clock = new SimulatedClock();
  const actor = createActor(auth, { clock }).start();
  const link = () => actor.getSnapshot().children.socket!.getSnapshot().value as unknown;
  const heard = (type: string) => actor.getSnapshot().context.heard.filter((event) => event.type === type);
  const server = (event: SocketEvent) => sockets[sockets.length - 1]!.send(event);
  return { actor, clock, sockets, link, heard, server };
}

describe('notificationSocket machine', () => {
  it('opens, hands balances, sessions and info to auth as they come', () => {
    const t = start();
    expect(t.link()).toEqual({ connection: 'connecting' });
    t.server({ type: 'socket.opened' });
    expect(t.link()).toEqual({ connection: 'open' });
    t.server({ type: 'socket.balance', balance: 1234 });
    t.server({ type: 'socket.session', status: 'open', machineId: 7, machineName: 'M7', machineStatus: 'waiting', credits: 2500 });
    t.server({ type: 'socket.info', code: 18800, params: { count: 3 }, message: 'm', action: 'none' });
    expect(t.heard('server.balance')).toEqual([{ type: 'server.balance', balance: 1234 }]);
    expect(t.heard('server.session')).toEqual([{ type: 'server.session', status: 'open', machineId: 7, machineName: 'M7', machineStatus: 'waiting', credits: 2500 }]);
    expect(t.heard('server.info')).toEqual([{ type: 'server.info', code: 18800, params: { count: 3 }, message: 'm', action: 'none' }]);
  });

  it('hands a batch of machine statuses (gathered by the socket) to auth as one event', () => {
    const t = start();
    t.server({ type: 'socket.opened' });
    t.server({ type: 'socket.machines', changes: [{ id: 9, status: 'error' }, { id: 10, status: 'malfunction' }] });
    expect(t.heard('server.machines')).toEqual([
      { type: 'server.machines', changes: [{ id: 9, status: 'error' }, { id: 10, status: 'malfunction' }] },
    ]);
  });

  it('reconnects after a drop with the growing backoff, and starts over once open', () => {
    const t = start();
    t.server({ type: 'socket.opened' });
    for (const ceiling of [1000, 2000, 4000]) {
      t.server({ type: 'socket.closed', code: 1006 });
      expect(t.link()).toBe('backingOff');
      expect(t.sockets.at(-1)!.closed).toBe(true);
      const count = t.sockets.length;
      t.clock.increment(ceiling / 2 - 1);
      expect(t.sockets).toHaveLength(count);
      t.clock.increment(ceiling / 2 + 1);
      expect(t.sockets).toHaveLength(count + 1);
    }
    t.server({ type: 'socket.opened' });
    t.server({ type: 'socket.closed', code: 1006 });
    t.clock.increment(1000);
    expect(t.link()).toEqual({ connection: 'connecting' });
  });

  it('a socket that cannot open is retried like a dropped one', () => {
    let tries = 0;
    const machine = notificationSocketMachine.provide({
      actors: {
        socket: fromCallback(() => {
          tries += 1;
          throw new Error('no WebSocket');
        }),
      },
    });
    const clock = new SimulatedClock();
    const auth = setup({ actors: { machine } }).createMachine({ invoke: { id: 'socket', src: 'machine', input: { token: 't', playerId: '1' } } });
    createActor(auth, { clock }).start();
    clock.increment(1000);
    expect(tries).toBe(2);
  });

  it('an ended login session (close 4401) tells auth with its code and never reconnects', () => {
    const t = start();
    t.server({ type: 'socket.opened' });
    t.server({ type: 'socket.sessionEnded', code: 10706 });
    expect(t.heard('server.unauthorized')).toEqual([
      { type: 'server.unauthorized', failure: { code: 10706, message: 'the session has ended', params: {} } },
    ]);
    expect(t.link()).toBe('closed');
    t.clock.increment(60_000);
    expect(t.sockets).toHaveLength(1);
  });

  it('logging out (auth stops it) closes the socket', () => {
    const t = start();
    t.server({ type: 'socket.opened' });
    t.actor.stop();
    expect(t.sockets[0]!.closed).toBe(true);
  });
});
