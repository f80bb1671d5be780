import { describe, expect, it } from 'vitest';
import { CLOSE_WARNING_CODES, ErrorCode } from '../../protocol/errors.ts';
import { MachineServerMessage } from '../../protocol/sockets.ts';
import { toSocketEvent } from '../../src/services/machineSocket.ts';

const info = (code: number, params: Record<string, unknown>) =>
  MachineServerMessage.parse({ type: 'info', info: { code, params, message: 'm', action: 'none' } });

describe('the machine socket at the boundary: frames into the game session’s events', () => {
  it('tells the floor’s close warnings (and only those) from other info, with their countdown as a number', () => {
    expect(CLOSE_WARNING_CODES).toEqual([ErrorCode.depositCountdown, ErrorCode.continueCountdown]);
    expect(toSocketEvent(info(18800, { count: 10 }))).toEqual({ type: 'socket.closeWarning', code: 18800, count: 10 });
    expect(toSocketEvent(info(18802, { count: '7' }))).toEqual({ type: 'socket.closeWarning', code: 18802, count: 7 });
    expect(toSocketEvent(info(18801, {}))).toEqual({ type: 'socket.info', code: 18801, params: {}, message: 'm' });
  });
});
