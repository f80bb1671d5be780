import type { z } from 'zod/mini';
import { ErrorCode } from '../errors.ts';
import {
  FloorCode,
  MachineClientMessage,
  MachineServerMessage,
  NotificationClientMessage,
  NotificationServerMessage,
  SESSION_ENDED_CLOSE,
} from '../sockets.ts';

/**
 * The two WebSocket channels as data: the frames each side sends (the members of the zod unions
 * in ../sockets.ts, one message per `type`), a line about each, and the close codes. Feeds
 * docs/api/asyncapi.json (./asyncapi.ts) and the conformance suite.
 */

export interface CloseCode {
  code: number;
  /** What the close reason carries, when it matters. */
  reason?: string;
  meaning: string;
}

export interface SocketChannel {
  id: 'notification' | 'machine';
  /** The setting that holds the address, and its default. */
  setting: 'NOTIFICATION_URL' | 'MACHINE_URL';
  defaultAddress: string;
  title: string;
  /** A line: the channel's tag in the document. */
  summary: string;
  description: string;
  /** What the client sends (the operator's `receive` operation), in sentences. */
  clientOperation: string;
  /** What the operator sends (its `send` operation), in sentences. */
  serverOperation: string;
  /** The client's frames (the operator receives them). */
  client: z.ZodMiniDiscriminatedUnion;
  /** The operator's frames (the client receives them). */
  server: z.ZodMiniDiscriminatedUnion;
  /** One line per frame type, by direction. */
  clientFrames: Record<string, string>;
  serverFrames: Record<string, string>;
  closeCodes: readonly CloseCode[];
}

const SESSION_END: CloseCode = {
  code: SESSION_ENDED_CLOSE,
  reason: `the error code as text: "${ErrorCode.sessionTerminated}", "${ErrorCode.loggedInElsewhere}", "${ErrorCode.sessionEndedByOperator}", "${ErrorCode.banned}", "${ErrorCode.sessionLocked}" or "${ErrorCode.sessionTimeLimit}"; "not authorized" for a missing or forged token`,
  meaning:
    'the login session ended (logout or expiry 50100, a login elsewhere 10706, the operator 10707, a ban 10704, the player\'s own lock 10710, their session-time limit 10711) — also when the socket opens with the token of a login that has ended —, or the token was missing or forged when the socket opened (40000, 10). An error frame with the code comes first. The client ends the login and shows CODE_{code}',
};
const TOO_BIG: CloseCode = { code: 1009, meaning: 'a frame over 16 KB' };
const FAIR_SHARE_CLOSE: CloseCode = {
  code: 1008,
  reason: `"${ErrorCode.tooManyRequests}"`,
  meaning: `past the fair share of one client (frames too fast, too many frames or bytes in flight, output not read, or a newer socket of the player past their sockets per channel closes the oldest). An error frame ${ErrorCode.tooManyRequests} comes first`,
};

const ERROR_FRAME =
  'a refused frame: not JSON, an unknown `type` or wrong fields (40000), a refused request (its code, and its `requestId`), or the end of the login session (then close 4401). The socket stays open unless a close follows';

export const SOCKET_CHANNELS: readonly SocketChannel[] = [
  {
    id: 'notification',
    setting: 'NOTIFICATION_URL',
    defaultAddress: '/ws/notification',
    title: 'Notification socket',
    summary: "The player's feed: the wallet, the open game session, every machine's status, operator messages",
    description:
      "Opened with the token (`?token=`) as soon as the player is logged in, and reopened with backoff until logout. Carries the wallet's balance, the player's open session (the reconnect dialog), every machine's status (the lobby) and operator messages.",
    clientOperation:
      "The client sends `init` with the player's id as soon as the socket is open, then `ping` every second.",
    serverOperation:
      "`ready` answers `init`; the wallet's `balance` and, when the player has one, the open game `session` follow, and again whenever either changes. Besides: every machine's status change (`machine`), operator messages (`info`), a `pong` for each ping, and an `error` for a refused frame or the end of the login session. The client counts 4 s without any frame as a lost link and reopens the socket with backoff.",
    client: NotificationClientMessage,
    server: NotificationServerMessage,
    clientFrames: {
      init: "start listening; `id` is the player's own id (the login answer's user.id as a number), else error 40000",
      ping: 'keep-alive; answered by pong',
    },
    serverFrames: {
      ready: 'after init',
      balance: 'the wallet in minor units: after init and on every change',
      session:
        "the player's open session on a machine (`status: 'open'`, after init and whenever it changes), `closed` when it ends; `id` is the machine id. The client shows the reconnect dialog for an open session it is not playing",
      machine: "a machine's status changed (sent to every player: the lobby's live statuses)",
      info: 'an operator message: `code` (the client shows CODE_{code}, else `message`), `params`, `action`',
      pong: 'the answer to ping',
      error: ERROR_FRAME,
    },
    closeCodes: [SESSION_END, TOO_BIG, FAIR_SHARE_CLOSE],
  },
  {
    id: 'machine',
    setting: 'MACHINE_URL',
    defaultAddress: '/ws/machine',
    title: 'Machine socket',
    summary: 'Joining one machine and playing it',
    description:
      "Opened with the token (`?token=`) when the player joins a machine; one socket, one machine. Requests may carry a `requestId` (1–64 characters) that makes them idempotent within (player, game session, operation): a true repeat is not run again and answers `ack` with `duplicate: true`; the same id with another payload of the same operation is refused with 60015 and moves nothing; the same id in another operation or a later session is a new request. Every accepted request is answered `ack`, a refused one `error` (with its `requestId`), and the session goes on. No path ends a game session while credits remain on the machine. The video of the machine is WHEP (the OpenAPI document's `components.pathItems.WhepEndpoint`): the `joined` frame lists its bands.",
    clientOperation:
      'The client joins one machine with `init`, then sends the player\'s requests: `button`, `autoplay`, `transfer`, `cashout` and `realityCheck` (the answer to one), each with an optional `requestId`. Every accepted request is answered `ack` (a cashout: its balance frame and close 1000), a refused one `error`. `ping` goes every second.',
    serverOperation:
      '`joined` answers the join; then `state`, `spin`, `balance`, `session` and the machine\'s status (`machine`) as they change, `ack` or `error` for each request, close warnings in `info`, a `pong` for each ping, and `quit` or `closeSession` before the operator closes the socket. The client counts 4 s without any frame, or a join not answered in 10 s, as a lost connection and joins again with backoff.',
    client: MachineClientMessage,
    server: MachineServerMessage,
    clientFrames: {
      init: `join \`machineID\` with the token. Refused with an error frame and close 4004: ${FloorCode.unknownMachine} unknown machine, ${FloorCode.machineUnavailable} offline / error / malfunction, ${FloorCode.machineBusy} taken by another player, ${FloorCode.alreadyJoined} the player holds another machine, ${FloorCode.balanceRequired} the wallet is 0 while the served ALLOW_0_BALANCE_TO_PLAY is false (the player who already holds the machine may rejoin). A refused join writes nothing: the machine is not reserved. A join writes the game session and the machine's occupant together; after a crash, the next start closes any session left open on a machine its player does not hold, paying back what it holds. A second init on a joined socket answers ${FloorCode.alreadyJoined} and the socket stays on its machine`,
      button: `a machine button: spin, betUp, betDown, maxBet, lines, collect (credits → wallet, the session goes on). ${FloorCode.noCredits} when the credits do not cover the bet; 40000 while the reels spin or the bet is fixed (free spins)`,
      autoplay: 'spins go on by themselves until off, or until the credits run out',
      transfer: `wallet → credits; \`amount\` must be one of the join answer's \`hotCoins\`. ${FloorCode.aboveAllInLimit} above \`maxAllIn\`, ${FloorCode.insufficientFunds} above the wallet, ${FloorCode.limitReached} past one of the player's own limits (\`Params\`: \`limit_kind\`, \`limit\`, \`used\`, \`until\` when its period resets), ${FloorCode.limitRequired} before a limit the jurisdiction requires is set (\`Params.limit_kind\`)`,
      cashout: 'credits → wallet, the session ends, the machine is free: answered by the balance frame and the close 1000 (no ack). With the id of a request of another kind it is still a new request',
      realityCheck: `the player's answer to the reality check on screen: \`continue\` (play on: the pause ends and the next check is a whole interval later), \`history\` or \`leave\` (written to the player's protection history; the pause stays). With no check waiting (an answer that came late) it is acknowledged and changes nothing`,
      ping: 'keep-alive; answered by pong',
    },
    serverFrames: {
      joined:
        'the join answer: the machine, its `videoType`, its WHEP video `bands` ({id, name, Order, width, height, whepUrl}; the client shows them sorted by Order, descending, and POSTs its offer to `whepUrl` with `Authorization: Bearer <token>`), the transfer amounts (`hotCoins`), `maxAllIn`, the machine state, the wallet and the game session',
      state: 'the machine state: credits, bet per line, lines, bet, win, free spins left, autoplay, status, jackpot',
      machine: "this machine's status changed",
      balance: 'the wallet after a transfer, collect, cashout, jackpot or hand pay',
      session:
        "the game session's books: id, start, spins, free spins, cash in and out; for the player's protection `playedMs` (how long it has run, by the operator's clock), `bets` and `wins` (of the spins whose reels have stopped, jackpots and hand pays included). With the join, after money moves and at each reels' stop, never at a spin's start",
      spinStart: 'the reels start: the bet taken, whether it is a free spin, `settlesAt` (epoch ms when the reels will have stopped on the video) and `settlesInMs` (the same as a duration from this frame, for clients whose clock is wrong). The outcome is not told yet; a `state` with the bet taken and no win follows',
      spin: 'the reels have stopped (sent at the stop, as a physical machine reports its meters): reels (5 × 3 symbol ids), totalWin, bet, free spin, free spins awarded, winning lines, jackpotWin, handPay; a `state` with the credits and the win follows, and a `balance` when a jackpot or a hand pay went to the wallet',
      info: `operator messages and close warnings: ${ErrorCode.depositCountdown} {count} (no credits) and ${ErrorCode.continueCountdown} {count} (no play) count down once a second, any accepted request ends them; then ${ErrorCode.sessionTerminating} with \`action: 'closeSession'\``,
      realityCheck: `a reality check is due (player protection): \`rules.realityCheckMs\` of play after the player's first game, then after each \`continue\`, by the operator's clock, per player across machines (a cash out and a join elsewhere skip nothing; only a break as long as an interval starts the count again). Play pauses: autoplay stops (a spin turning lands), free spins wait, and a button, a transfer or autoplay on is refused with ${FloorCode.realityCheckDue} until the player answers \`continue\`; a collect and a cashout still go through. \`session\` is the game session's books at the check (time played, bets, wins). Told again after every join while it waits, so a reload or another tab meets it too (and whenever the operator asks for one while it waits)`,
      ack: 'the request was accepted (`request` names it: transfer, cashout, autoplay or the button); `duplicate: true` for a repeat of a request already run in this session, which was not run again',
      quit: "the player is sent away: `replaced` (a newer connection took over, close 4001), `kicked` (kicked from another device, close 4002), `removed` (the operator removed the player, credits cashed out, close 4003), `outOfService` (the machine went into error, malfunction or offline, close 4005: the session is kept, reserved, with its credits)",
      closeSession: 'the floor ended the game session (18801): credits were cashed out, the socket closes with 4003',
      pong: 'the answer to ping',
      error: ERROR_FRAME,
    },
    closeCodes: [
      { code: 1000, meaning: 'cashout: the session ended and its credits are in the wallet' },
      { code: 4001, meaning: 'replaced: a newer connection of the same player took the machine over (quit replaced first)' },
      { code: 4002, meaning: 'kicked: the player kicked this connection from another device (quit kicked first)' },
      { code: 4003, meaning: 'the floor ended the game session (closeSession 18801, or quit removed): credits were cashed out' },
      { code: 4004, meaning: 'the join was refused (an error frame with the code comes first)' },
      { code: 4005, meaning: 'the machine went out of service (error, malfunction, offline): the session is kept, reserved, with its credits' },
      SESSION_END,
      TOO_BIG,
      FAIR_SHARE_CLOSE,
    ],
  },
];

export function socketChannel(id: SocketChannel['id']): SocketChannel {
  const channel = SOCKET_CHANNELS.find((candidate) => candidate.id === id);
  if (!channel) throw new Error(`no socket channel ${id}`);
  return channel;
}

/** The members of a frame union with the `type` each carries, in definition order. */
export function frames(union: z.ZodMiniDiscriminatedUnion): { type: string; schema: z.ZodMiniType }[] {
  return union._zod.def.options.map((option) => {
    const shape = (option._zod.def as { shape?: Record<string, { _zod: { def: { values?: unknown[] } } }> }).shape;
    const value = shape?.type?._zod.def.values?.[0];
    if (typeof value !== 'string') throw new Error('a frame schema without a string literal `type`');
    return { type: value, schema: option as z.ZodMiniType };
  });
}
