/**
 * What path generation needs to know about each machine, shared by the vitest path tests
 * (tests/paths/*.test.ts) and the path runner (`npm run test:paths`, scripts/test-paths.ts).
 *
 * The graph traversal sends every event type the chart listens to. An event that carries data
 * (a login's credentials, an actor's output, a socket message) needs a payload here, or its
 * actions read `undefined`; give several payloads of one type to take several branches (a
 * guard that looks at the data). Actor done/error events and delayed (`after`) events are
 * listed like any other: traversal cannot produce them by itself.
 *
 * Keys of `pathFixtures` are the machine names the runner and the diagrams use: the file name
 * (machines/auth.ts → `auth`), or the export name without `Machine` when a file exports several
 * machines (machines/accountForm.ts → `passwordChange`, `pinChange`).
 */
import type { EventObject } from 'xstate';
import type { Session } from '../../machines/auth.ts';
import type { JoinInfo, MachineView } from '../../machines/gameSession.ts';
import type { LobbyData } from '../../machines/lobby.ts';
import { JURISDICTIONS } from '../../protocol/protection.ts';

export type Payload = EventObject & Record<string, unknown>;
export type Payloads = Record<string, Payload[]>;

export interface PathFixture {
  /** Inputs to start the machine with; every one is traversed (default: one run, no input). */
  inputs?: unknown[];
  payloads?: Payloads;
  /** The part of the context that tells states apart (default: all of it). */
  distinguish?: (context: any) => unknown;
  /** Stops the traversal at a snapshot (bounds charts whose context grows without end). */
  stopWhen?: (snapshot: any) => boolean;
  /** Generate simple paths as well as shortest ones (default true). */
  simple?: boolean;
  /**
   * Implementations used in place of the machine's own for the traversal and the replays: a
   * child's messages to its parent, which a chart run alone has no parent to receive.
   */
  provide?: { actions?: Record<string, () => void> };
}

// ---- shared values ----------------------------------------------------------------------------

export const failure = { code: 10700, message: 'wrong', params: {} };
export const taken = { code: 60001, message: 'taken', params: {} };

export const session: Session = {
  token: 't',
  pinCode: null,
  expiresInMs: 60_000,
  user: {
    id: '1', username: 'demo', name: 'Demo', lastname: 'Player', email: 'demo@example.test',
    permissions: [145], group: 1, type: 1, ipAddress: '127.0.0.1', lastLogon: null, lastLogonIp: null,
    versions: 'sim',
  },
};

export const lobbyData: LobbyData = {
  brands: [{ id: 1, name: 'Golden Reels', jackpots: [100], machineCount: 1 }],
  machines: [{ id: 1, name: 'M1', brand: 'Golden Reels', brandId: 1, status: 'free', image: '/i.svg', reservation: null, videoType: 'screen', minBet: 20 }],
};

export const join: JoinInfo = {
  machineName: 'M1', brand: 'Golden Reels', videoType: 'screen', hotCoins: [500], maxAllIn: 2500000,
  bands: [{ id: 'hd', name: 'HD', Order: 2, width: 640, height: 360, whepUrl: '/whep/1/hd' }, { id: 'sd', name: 'SD', Order: 1, width: 320, height: 180, whepUrl: '/whep/1/sd' }],
  rules: JURISDICTIONS.default,
};

/** The same machine under the UK's rules: a game cycle longer than the spin (the reels rest after the stop), no autoplay. */
export const joinUk: JoinInfo = { ...join, rules: JURISDICTIONS.uk };

export const machineView: MachineView = { credits: 0, betPerLine: 1, lines: 20, bet: 20, win: 0, freeSpinsLeft: 0, autoplay: true, status: 'playing', jackpot: 1 };

export const tokens = (queryToken: string | null, storedToken: string | null): Payload => ({
  type: 'xstate.done.actor.readTokens',
  output: { queryToken, storedToken },
});

const done = (id: string, output?: unknown): Payload => ({ type: `xstate.done.actor.${id}`, output });
const error = (id: string, err: unknown = failure): Payload => ({ type: `xstate.error.actor.${id}`, error: err });

// ---- per machine ------------------------------------------------------------------------------

export const authPayloads: Payloads = {
  'xstate.done.actor.readTokens': [tokens(null, null), tokens(null, 'stored'), tokens('from-url', null)],
  'user.login': [{ type: 'user.login', credentials: { username: 'demo', password: 'demo1234', remember: true } }],
  'server.unauthorized': [{ type: 'server.unauthorized', failure }],
  'xstate.done.actor.validateToken': [done('validateToken', session)],
  // No answer (kept, asked again), and the operator's "no" (a 401: the login ends).
  'xstate.error.actor.validateToken': [error('validateToken'), error('validateToken', { status: 401, code: 10700, message: 'expired', params: {} })],
  'xstate.done.actor.login': [done('login', session)],
  'xstate.error.actor.login': [error('login')],
  'server.balance': [{ type: 'server.balance', balance: 4200 }],
  'server.session': [{ type: 'server.session', status: 'open', machineId: 7, machineName: 'M7', machineStatus: 'waiting', credits: 2500 }],
  'server.machines': [{ type: 'server.machines', changes: [{ id: 3, status: 'offline' }, { id: 4, status: 'free' }] }],
  'server.info': [{ type: 'server.info', code: 18800, params: { count: 3 }, message: 'x', action: 'none' }],
  'session.pinChanged': [{ type: 'session.pinChanged', pinCode: 'new-hash' }],
  'xstate.done.actor.idleLock': [done('idleLock', { reason: 'playerLoggedOut' }), done('idleLock', { reason: 'tooManyWrongPins' })],
};

export const ipCheckPayloads: Payloads = {
  'xstate.done.actor.checkIp': [
    done('checkIp', { status: 1, code: 20000, ip: '1.2.3.4', country: 'TR' }),
    done('checkIp', { status: 0, code: 0, ip: '1.2.3.4', country: 'FR' }),
  ],
  'xstate.error.actor.checkIp': [error('checkIp')],
};

export const walletPayloads: Payloads = {
  'xstate.done.actor.fetchBalance': [done('fetchBalance', 100000)],
  'xstate.error.actor.fetchBalance': [error('fetchBalance')],
  'server.balance': [{ type: 'server.balance', balance: 4200 }],
};

/** The defaults the settings machine is built with in the path tests and the diagrams. */
export const settingsDefaults = { SHOW_LOBBY: true };

export const settingsPayloads: Payloads = {
  'xstate.done.actor.loadSettings': [done('loadSettings', { SHOW_LOBBY: false })],
  'xstate.error.actor.loadSettings': [error('loadSettings')],
};

const restore = (pinCheck: boolean, locked: boolean, attempts = 0): Payload => done('restoreLock', { pinCheck, locked, attempts });

export const idleLockPayloads: Payloads = {
  'xstate.done.actor.restoreLock': [restore(false, false), restore(true, true), restore(true, false), restore(true, true, 4), restore(true, true, 5)],
  'user.unlock': [{ type: 'user.unlock', pin: '1234' }],
  // verifyPin answers whether the PIN matched; it fails when the client refuses pin_code.
  'xstate.done.actor.verifyPin': [done('verifyPin', true), done('verifyPin', false)],
  'xstate.error.actor.verifyPin': [error('verifyPin', new Error('pin_code refused'))],
  'pin.changed': [{ type: 'pin.changed', pinCode: 'changed' }],
};

/**
 * The wrong-PIN count decides the fifth attempt, so it tells states apart (it stops at 5).
 * pinCode does not: each input (with and without one) is traversed on its own.
 */
export const idleLockDistinguish = (c: { wrongPin: boolean; attempts: number }) => [c.wrongPin, c.attempts];

export const lobbyPayloads: Payloads = {
  'xstate.done.actor.fetchLobby': [done('fetchLobby', lobbyData)],
  'xstate.error.actor.fetchLobby': [error('fetchLobby', taken)],
  'xstate.done.actor.refreshLobby': [done('refreshLobby', lobbyData)],
  'xstate.error.actor.refreshLobby': [error('refreshLobby', taken)],
  'route.brand': [{ type: 'route.brand', brandId: 1 }],
  'server.statuses': [{ type: 'server.statuses', changes: [{ id: 1, status: 'waiting' }] }],
  'server.session': [{ type: 'server.session', machineId: 1, status: 'open' }],
  // The selected brand (1, after route.brand) and another.
  'user.selectBrand': [
    { type: 'user.selectBrand', brandId: 1, name: 'Golden Reels' },
    { type: 'user.selectBrand', brandId: 2, name: 'Lucky Sevens' },
  ],
  'wallet.balance': [{ type: 'wallet.balance', balance: 0 }],
};

export const gameSessionPayloads: Payloads = {
  'socket.joined': [
    { type: 'socket.joined', join, machine: machineView, balance: 100_000 },
    { type: 'socket.joined', join: joinUk, machine: machineView, balance: 100_000 },
  ],
  'socket.state': [
    { type: 'socket.state', machine: { ...machineView, credits: 500 } },
    { type: 'socket.state', machine: { ...machineView, autoplay: false } },
  ],
  'socket.spinStart': [{ type: 'socket.spinStart', spin: { bet: 20, freeSpin: false, settlesAt: 0, settlesInMs: 1000 } }],
  'socket.spin': [{ type: 'socket.spin', spin: { reels: [], totalWin: 0, bet: 20, freeSpin: false, jackpotWin: 0 } }],
  'socket.balance': [{ type: 'socket.balance', balance: 1 }],
  'socket.session': [{ type: 'socket.session', session: { id: 1, machineId: 1, startedAt: 0, spins: 1, freeSpins: 0, cashIn: 500, cashOut: 0, playedMs: 60_000, bets: 20, wins: 0 } }],
  'socket.closeWarning': [{ type: 'socket.closeWarning', code: 18800, count: 10 }],
  'wallet.balance': [{ type: 'wallet.balance', balance: 50_000 }],
  'socket.ack': [
    { type: 'socket.ack', request: 'transfer', requestId: 'r0' },
    { type: 'socket.ack', request: 'realityCheck', requestId: 'visit-0' },
  ],
  'socket.error': [{ type: 'socket.error', failure: taken }],
  'socket.realityCheck': [{ type: 'socket.realityCheck', session: { id: 1, machineId: 1, startedAt: 0, spins: 9, freeSpins: 0, cashIn: 500, cashOut: 0, playedMs: 3_600_000, bets: 180, wins: 40 } }],
  'user.answerCheck': [
    { type: 'user.answerCheck', answer: 'continue' },
    { type: 'user.answerCheck', answer: 'history' },
    { type: 'user.answerCheck', answer: 'leave' },
  ],
  'socket.quit': [
    { type: 'socket.quit', reason: 'removed' },
    { type: 'socket.quit', reason: 'outOfService' },
    { type: 'socket.quit', reason: 'replaced' },
  ],
  'socket.closeSession': [{ type: 'socket.closeSession', code: 18801 }],
  'socket.closed': [{ type: 'socket.closed', code: 1000 }],
  'socket.sessionEnded': [{ type: 'socket.sessionEnded' }],
  'user.press': [{ type: 'user.press', button: 'spin' }],
  'user.autoplay': [{ type: 'user.autoplay', on: true }],
  // Within the wallet, and beyond it (refused by canTransfer: nothing happens).
  'user.transfer': [
    { type: 'user.transfer', amount: 500 },
    { type: 'user.transfer', amount: 10_000_000 },
  ],
  'user.volume': [{ type: 'user.volume', volume: 0.5 }],
  'user.sound': [
    { type: 'user.sound', on: false },
    { type: 'user.sound', on: true },
  ],
  'user.selectBand': [{ type: 'user.selectBand', id: 'sd' }],
};

/**
 * A reality check's states are walked from a game otherwise at rest: once one waits (or is being
 * answered), a state where another region has moved too is reached but not gone on from — every
 * region's own transitions are still taken, and the product of five regions stays countable
 * (the traversal's bound counts every event tried).
 */
export const gameSessionStopWhen = (s: any): boolean => {
  const live = s.value?.connected?.live;
  if (typeof live !== 'object' || live.check === 'clear') return false;
  // ...and from a first join whose video works: reconnects and a lost picture are walked without one.
  if (s.context.reconnects > 0 || s.context.videoLost) return true;
  return live.play !== 'playing' || live.reels !== 'idle' || live.controls !== 'shown' || (live.leave !== 'staying' && live.check !== 'leaving');
};

/** States differ by where the chart is, how many reconnects were spent, and whether autoplay runs. */
export const gameSessionDistinguish = (c: any): unknown => [
  // Where the visit goes after a reality check's answer.
  c.afterLeave,
  c.reconnects,
  c.join !== null,
  c.join?.rules?.jurisdiction ?? null,
  c.leaveReason,
  c.machine?.autoplay ?? null,
  (c.machine?.credits ?? 0) > 0,
  c.videoLost,
];

const videoStats = { width: 640, height: 360, fps: 30, roundTripMs: 1, inputDelayMs: 20 };

export const notificationSocketPayloads: Payloads = {
  'socket.closed': [{ type: 'socket.closed', code: 1006 }],
  'socket.sessionEnded': [{ type: 'socket.sessionEnded', code: 10706 }],
  'socket.balance': [{ type: 'socket.balance', balance: 100 }],
  'socket.session': [{ type: 'socket.session', status: 'open', machineId: 7, machineName: 'M7', machineStatus: 'waiting', credits: 2500 }],
  'socket.machines': [{ type: 'socket.machines', changes: [{ id: 9, status: 'offline' }] }],
  'socket.info': [{ type: 'socket.info', code: 18800, params: { count: 3 }, message: 'm', action: 'none' }],
  'xstate.error.actor.socket': [{ type: 'xstate.error.actor.socket', error: new Error('no WebSocket') }],
};

/** The video link's peer reports: one with new frames (the picture moves), one without. */
export const videoLinkPayloads: Payloads = {
  'video.play': [{ type: 'video.play', whepUrl: '/whep/1/hd' }, { type: 'video.play', whepUrl: '/whep/1/sd' }],
  'peer.stream': [{ type: 'peer.stream', stream: 'stream' }],
  'peer.stats': [
    { type: 'peer.stats', stats: videoStats, framesDecoded: 30 },
    { type: 'peer.stats', stats: videoStats, framesDecoded: 0 },
  ],
  'peer.failed': [{ type: 'peer.failed', reason: 'connection failed' }],
  'xstate.error.actor.peer': [{ type: 'xstate.error.actor.peer', error: new Error('no WebRTC') }],
};

const openSession = { type: 'server.session', status: 'open', machineId: 7, machineName: 'M7', machineStatus: 'waiting', credits: 2500 };

export const reconnectPayloads: Payloads = {
  'server.session': [openSession, { ...openSession, status: 'closed' }],
  'game.entered': [{ type: 'game.entered', machineId: 7 }],
  'game.kept': [{ type: 'game.kept', machineId: 7 }],
  'xstate.done.actor.cancelSession': [done('cancelSession')],
  'xstate.error.actor.cancelSession': [error('cancelSession', taken)],
  'xstate.done.actor.kickConnection': [done('kickConnection')],
  'xstate.error.actor.kickConnection': [error('kickConnection', taken)],
};

export const promoPayloads: Payloads = {
  'xstate.done.actor.restore': [
    done('restore', { sinceLastClaimMs: null, balanceLimit: 10_000 }),
    done('restore', { sinceLastClaimMs: 1_000, balanceLimit: 10_000 }),
  ],
  'user.claim': [{ type: 'user.claim' }],
  'wallet.balance': [
    { type: 'wallet.balance', balance: 0 },
    { type: 'wallet.balance', balance: 20_000 },
  ],
  'xstate.done.actor.claim': [done('claim', { amount: 240 })],
  'xstate.error.actor.claim': [error('claim', taken)],
};

export const selfLockPayloads: Payloads = {
  'user.panic': [{ type: 'user.panic' }],
  'user.choose': [{ type: 'user.choose', choice: { kind: 'break', period: '1w' } }],
  'xstate.done.actor.lock': [done('lock', { until: 1_800_000_000_000 })],
  'xstate.error.actor.lock': [error('lock', failure)],
};

const intervals = { minutes: 60, defaultMinutes: 60, choices: [15, 30, 60, 120] };

/** The loaded interval, another choice and the one kept (refused by newChoice), the save's answers. */
export const checkIntervalPayloads: Payloads = {
  'xstate.done.actor.load': [done('load', intervals)],
  'xstate.error.actor.load': [error('load', failure)],
  'user.choose': [
    { type: 'user.choose', minutes: 15 },
    { type: 'user.choose', minutes: 60 },
  ],
  'xstate.done.actor.save': [done('save', { ...intervals, minutes: 15 })],
  'xstate.error.actor.save': [error('save', failure)],
};

const limitsView = {
  limits: [
    { kind: 'lossDay', amount: 5000, pending: null },
    { kind: 'transferDay', amount: null, pending: null },
  ],
  mandatory: ['transferDay'],
};

/** The loaded limits, a change, a removal (refused where required) and an amount no limit has; the save's answers. */
export const playerLimitsPayloads: Payloads = {
  'xstate.done.actor.load': [done('load', limitsView)],
  'xstate.error.actor.load': [error('load', failure)],
  'user.setLimit': [
    { type: 'user.setLimit', kind: 'lossDay', amount: 2000 },
    { type: 'user.setLimit', kind: 'lossDay', amount: null },
    { type: 'user.setLimit', kind: 'transferDay', amount: null },
    { type: 'user.setLimit', kind: 'lossDay', amount: 0 },
  ],
  'xstate.done.actor.save': [done('save', limitsView)],
  'xstate.error.actor.save': [error('save', failure)],
};

/** The loaded history (an entry of two kinds) and a failed load. */
export const protectionHistoryPayloads: Payloads = {
  'xstate.done.actor.load': [
    done('load', {
      items: [
        { id: 2, at: 2000, kind: 'limit', limit: 'lossDay', amount: 5000, before: null, from: 2000 },
        { id: 1, at: 1000, kind: 'lock', lock: 'break', until: 9000 },
      ],
      total: 7,
    }),
  ],
  'xstate.error.actor.load': [error('load', failure)],
};

export const promoStopWhen = (s: any): boolean => s.context.notices > 1;

export const navigationPayloads: Payloads = {
  'user.toggleGroup': [{ type: 'user.toggleGroup', id: 'account' }],
  'route.changed': [{ type: 'route.changed', groupIds: ['account'] }],
  'user.openInfo': [{ type: 'user.openInfo', page: 'rules' }, { type: 'user.openInfo', page: 'privacy' }],
};

export const accountProfilePayloads: Payloads = {
  'xstate.done.actor.fetchProfile': [
    done('fetchProfile', {
      id: '1', username: 'demo', name: 'Demo', lastname: 'Player', email: 'demo@example.test', balance: 4200,
      lastLogon: null, lastLogonIp: null, ip: '127.0.0.1',
    }),
  ],
  'xstate.error.actor.fetchProfile': [error('fetchProfile')],
};

export const accountListPayloads: Payloads = {
  'user.page': [{ type: 'user.page', page: 2 }],
  'user.size': [{ type: 'user.size', size: 20 }],
  'user.filter': [
    { type: 'user.filter', filter: { from: '2026-01-01', to: '2026-01-31', type: null } },
    { type: 'user.filter', filter: { from: '2026-01-31', to: '2026-01-01', type: null } },
  ],
  'xstate.done.actor.fetchPage': [
    done('fetchPage', { items: [{ id: 1 }], total: 25 }),
    // The rows shrank under the player: page 2 of a list that now fits on one page.
    done('fetchPage', { items: [], total: 5 }),
  ],
  'xstate.error.actor.fetchPage': [error('fetchPage')],
};

export const passwordChangePayloads: Payloads = {
  'user.change': [
    { type: 'user.change', field: 'oldPassword', value: 'demo1234' },
    { type: 'user.change', field: 'newPassword', value: 'fresh-password' },
  ],
  'xstate.done.actor.submit': [done('submit')],
  'xstate.error.actor.submit': [error('submit', { code: 40001, message: 'old password wrong', params: {} })],
};

export const pinChangePayloads: Payloads = {
  'user.change': [
    { type: 'user.change', field: 'password', value: 'demo1234' },
    { type: 'user.change', field: 'pin', value: '1234' },
  ],
  'xstate.done.actor.submit': [done('submit', { pinCode: 'hash' })],
  'xstate.error.actor.submit': [error('submit', { code: 40001, message: 'password wrong', params: {} })],
};

const chatContacts = { contacts: [{ id: 'ayse', name: 'Ayşe', avatar: 'data:,', status: 'online', mood: '', unread: 1 }], userId: '1', status: 'online' };

export const chatPanelPayloads: Payloads = {
  'user.selectContact': [{ type: 'user.selectContact', contactId: 'ayse' }],
  'user.send': [{ type: 'user.send', text: 'hello' }, { type: 'user.send', text: '   ' }],
  'xstate.done.actor.refreshContacts': [done('refreshContacts', chatContacts)],
  'xstate.done.actor.fetchContacts': [done('fetchContacts', chatContacts)],
  'xstate.error.actor.fetchContacts': [error('fetchContacts')],
  'xstate.done.actor.fetchChat': [done('fetchChat', { id: 'c1', dialog: [] })],
  'xstate.error.actor.fetchChat': [error('fetchChat')],
  'xstate.done.actor.sendMessage': [done('sendMessage', { who: '1', message: 'hello', time: '2026-01-01T10:00:00Z' })],
  'xstate.error.actor.sendMessage': [error('sendMessage')],
  'user.setStatus': [{ type: 'user.setStatus', status: 'away' }, { type: 'user.setStatus', status: 'online' }],
  'xstate.done.actor.saveStatus': [done('saveStatus', 'away')],
  'xstate.error.actor.saveStatus': [error('saveStatus')],
};

const registration = { username: 'newcomer', password: 'long-enough', email: 'new@reelside.test', name: 'New' };

export const registerPayloads: Payloads = {
  'user.submit': [
    { type: 'user.submit', values: registration },
    { type: 'user.submit', values: { ...registration, username: ' ' } },
  ],
  'xstate.done.actor.register': [
    done('register', { kind: 'registered', token: 't', username: 'newcomer' }),
    done('register', { kind: 'refused', fields: { username: 'The username is already taken' } }),
  ],
  'xstate.error.actor.register': [error('register', { code: 10703, message: 'ip', params: {} })],
};

export const uiSettingsDefaults = {
  theme: { main: 'night', navbar: 'night', toolbar: 'night', footer: 'night' },
  layout: 'layout1',
  direction: 'auto',
  customScrollbars: false,
  animations: true,
  shortcuts: [] as string[],
};

export const uiSettingsPayloads: Payloads = {
  'xstate.done.actor.readLocal': [done('readLocal', { theme: { main: 'daylight' } })],
  'xstate.error.actor.readLocal': [error('readLocal', new Error('x'))],
  'xstate.done.actor.fetchRemote': [done('fetchRemote', { layout: 'layout3' })],
  'xstate.error.actor.fetchRemote': [error('fetchRemote')],
  'xstate.done.actor.saveRemote': [done('saveRemote')],
  'xstate.error.actor.saveRemote': [error('saveRemote', taken)],
  'user.change': [{ type: 'user.change', patch: { theme: { main: 'sky' } } }],
  'user.addShortcut': [{ type: 'user.addShortcut', id: 'profile' }],
  'user.removeShortcut': [{ type: 'user.removeShortcut', id: 'profile' }],
};

/** Every machine the runner knows more about than its chart; a machine missing here runs with bare events. */
export const pathFixtures: Record<string, PathFixture> = {
  auth: { payloads: authPayloads },
  ipCheck: { inputs: [{ enabled: true }, { enabled: false }], payloads: ipCheckPayloads },
  wallet: { payloads: walletPayloads },
  settings: { payloads: settingsPayloads },
  idleLock: { inputs: [{ pinCode: 'right' }, { pinCode: null }], payloads: idleLockPayloads, distinguish: idleLockDistinguish },
  lobby: { inputs: [{ showLobby: true, refreshSeconds: 10, brandId: null }], payloads: lobbyPayloads },
  gameSession: {
    // The wallet known from the start (as the app's walletFeed tells it at once): the coins can be taken.
    inputs: [{ machineId: 1, token: 't', maxReconnects: 1, balance: 50_000 }],
    payloads: gameSessionPayloads,
    distinguish: gameSessionDistinguish,
    stopWhen: gameSessionStopWhen,
  },
  videoLink: {
    inputs: [{ whepUrl: null, token: 't' }, { whepUrl: '/whep/1/hd', token: 't' }],
    payloads: videoLinkPayloads,
    // Frames counted only as "some" or "none": the count itself grows without end.
    distinguish: (c) => [c.whepUrl, c.frames > 0, c.attempts],
    // Alone, the link has no game session to tell.
    provide: { actions: { tell: () => {} } },
  },
  notificationSocket: {
    inputs: [{ token: 't', playerId: '1' }],
    payloads: notificationSocketPayloads,
    // Reconnects counted up to 2: more changes nothing in the chart.
    distinguish: (c) => Math.min(c.attempts, 2),
    // Alone, the socket has no auth to tell.
    provide: { actions: { tell: () => {} } },
  },
  reconnect: { payloads: reconnectPayloads },
  promo: {
    inputs: [{ kind: 'discount' }],
    payloads: promoPayloads,
    stopWhen: promoStopWhen,
  },
  selfLock: { payloads: selfLockPayloads, distinguish: (c) => [c.choice?.kind ?? null, c.failure !== null] },
  playerLimits: { payloads: playerLimitsPayloads, distinguish: (c) => [c.view !== null, c.saving, c.failure !== null] },
  protectionHistory: { payloads: protectionHistoryPayloads, distinguish: (c) => [c.entries?.length ?? null, c.failure !== null] },
  checkInterval: { payloads: checkIntervalPayloads, distinguish: (c) => [c.settings?.minutes ?? null, c.choosing, c.failure !== null] },
  navigation: { inputs: [{ folded: false }, { folded: true }], payloads: navigationPayloads },
  accountProfile: { payloads: accountProfilePayloads },
  accountList: { inputs: [{}, { filter: { from: '2026-11-20', to: '2026-11-01', type: null } }], payloads: accountListPayloads, distinguish: (c) => [c.page, c.size, c.filter, c.total, c.failure !== null] },
  passwordChange: { payloads: passwordChangePayloads, distinguish: (c) => [c.values, c.failureField] },
  pinChange: { payloads: pinChangePayloads, distinguish: (c) => [c.values, c.failureField] },
  uiSettings: { inputs: [{ defaults: uiSettingsDefaults }], payloads: uiSettingsPayloads, distinguish: (c) => c.failure !== null },
  chatPanel: {
    payloads: chatPanelPayloads,
    distinguish: (c) => [
      c.selectedContactId,
      c.chat === null ? null : c.chat.dialog.length,
      c.failure !== null,
      c.contacts.length,
      c.status,
      c.statusFailure !== null,
    ],
    stopWhen: (s) => (s.context.chat?.dialog.length ?? 0) > 1,
  },
  register: { payloads: registerPayloads, distinguish: (c) => [Object.keys(c.refusals), c.failure !== null, c.username] },
};

/**
 * Arguments for machine factories (exported `create…Machine` functions of a file that exports no
 * machine itself); a factory missing here is called without arguments.
 */
export const factoryArgs: Record<string, unknown[]> = {
  createSettingsMachine: [settingsDefaults],
};
