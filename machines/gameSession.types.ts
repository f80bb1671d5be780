/**
 * The game session's types (STYLE: a types file beside a large machine): what it is started with,
 * what it holds, what it hears and sends. machines/gameSession.ts is the chart.
 */
import type { Failure } from './failure.ts';
import type { GameSessionData, MachineButton, MachineClientMessage, MachineServerMessage, MachineState, SpinOutcome, SpinStart, VideoBand } from '../protocol/sockets.ts';
import type { PlayRules, RealityCheckAnswer } from '../protocol/protection.ts';
import type { ReconnectRef } from './reconnect.ts';
import type { VideoStats } from './videoLink.ts';
import type { WalletFeedEvent, WalletRef } from './wallet.ts';

export type { VideoStats };

type JoinedFrame = Extract<MachineServerMessage, { type: 'joined' }>;

/** A video band of the join (the wire's VideoBand: protocol/sockets.ts). */
export type VideoBandInfo = VideoBand;

/** The machine as the floor last showed it (the wire's MachineState). */
export type MachineView = MachineState;

/** What a join tells, flattened for the game (the service maps the wire's `joined` frame onto it). */
export type JoinInfo = Pick<JoinedFrame, 'videoType' | 'hotCoins' | 'maxAllIn'> & {
  machineName: string;
  brand: string;
  /** Sorted by Order, descending (SPEC §3). */
  bands: VideoBand[];
  /** The jurisdiction's rules of play the floor enforces (protocol/protection.ts); null from an older operator: none. */
  rules: PlayRules | null;
};

/** The game session as the operator books it (the wire's GameSessionData): time played, bets, wins. */
export type SessionView = GameSessionData;

/** The spin's outcome as the reels show it, told when they stop. */
export type SpinView = Pick<SpinOutcome, 'reels' | 'totalWin' | 'bet' | 'freeSpin' | 'jackpotWin'>;

/** A spin that has started: the bet, and when the reels will have stopped. */
export type SpinStartView = SpinStart;

/** What the views read (machines/gameSession.selectors.ts): the screen, the controls, the reels. */
export type GameSessionTag =
  | 'screen:joining'
  | 'screen:live'
  | 'screen:elsewhere'
  | 'screen:reconnecting'
  | 'screen:left'
  | 'screen:cashingOut'
  | 'controls:on'
  | 'controls:faded'
  | 'reels:spinning'
  | 'reels:resting'
  | 'leave:asking'
  | 'check:due'
  | 'check:answering';

/** The controls that each have at most one request in flight. */
export type Control = MachineButton | 'autoplay' | 'transfer' | 'realityCheck';

/** What the game sends on the machine socket: the wire's client frames but the link's own ping. */
export type MachineRequest = Exclude<MachineClientMessage, { type: 'ping' }>;

/** The player's answer to a reality check (the wire's RealityCheckAnswer). */
export type CheckAnswer = RealityCheckAnswer;

/** Where the player goes once the visit is over: the lobby, or their game history (a reality check's View history). */
export type AfterLeave = 'lobby' | 'history';

export type LeaveReason = 'cashout' | 'left' | 'quit' | 'closeSession' | 'joinFailed' | 'connectionLost' | 'sessionEnded';

export interface GameSessionInput {
  machineId: number;
  token: string;
  maxReconnects?: number;
  /** How wide the picture is shown, in CSS pixels: the first band is the one that fits it (fittingBand). */
  pictureWidth?: number;
  /** Initial volume, 0–1: the player's last choice, else the VOLUME setting. */
  volume?: number;
  /**
   * The player's last word on sound (default on). The browser still starts every game muted:
   * with sound on, the player's first tap on the live game turns it on.
   */
  soundOn?: boolean;
  /**
   * Unique per visit: request ids must never repeat for a player (the ledger remembers them).
   * Absent, the app's newVisit action names the visit when it starts (src/app/loggedIn.ts).
   */
  visitId?: string;
  /**
   * The wallet's balance as known when the visit starts (minor units); absent, the game waits for
   * its walletFeed to say it. Either way the wallet actor stays its only holder.
   */
  balance?: number | null;
  /** The login's wallet actor: the game follows its balance (walletFeed) and tells it the floor's (tellWallet). */
  wallet?: WalletRef | null;
  /** The login's reconnect dialog: told which machine is played (presence) and which one the player kept. */
  reconnect?: ReconnectRef | null;
}

export interface GameSessionContext {
  machineId: number;
  token: string;
  join: JoinInfo | null;
  machine: MachineView | null;
  /** The player's wallet (minor units) as the wallet actor holds it (walletFeed); null until it has said. */
  balance: number | null;
  /** The actors of the login this visit talks to (null: none, as in a test of the chart alone). */
  wallet: WalletRef | null;
  reconnect: ReconnectRef | null;
  /** The game session as the operator last told it (time played, bets, wins), or null. */
  session: SessionView | null;
  /** The spin the reels turn for (or last turned for): its bet and how long it lasts. */
  lastSpin: SpinStartView | null;
  warning: { code: number; count: number } | null;
  /** The last refused request (no credits, over the limit…), for a toast. */
  refusal: Failure | null;
  /** Each control's request the floor has not answered yet (control → request id). */
  pending: Partial<Record<Control, string>>;
  activeBandId: string | null;
  /** The picture's width in CSS pixels as the view measured it at the start, or null. */
  pictureWidth: number | null;
  /** The video child failed outright (not its retries: it is gone); a new join brings a new one. */
  videoLost: boolean;
  moneyTransfer: boolean;
  sideBar: boolean;
  volume: number;
  /** What plays now: muted until a gesture (browser rules) or while the player wants no sound. */
  muted: boolean;
  /** What the player wants: sound on (the first tap unmutes) or off (it stays off). */
  soundOn: boolean;
  visitId: string;
  requestSeq: number;
  reconnects: number;
  maxReconnects: number;
  leaveReason: LeaveReason | null;
  failure: Failure | null;
  /**
   * The reality check waiting for the player's answer (live.check): the session's books the floor
   * told with it; null when none waits. Play is paused meanwhile.
   */
  realityCheck: SessionView | null;
  /** Where the visit goes when it is over (a reality check's View history: the player's history). */
  afterLeave: AfterLeave;
}

export type SocketEvent =
  /** `balance`: the player's wallet as the floor sees it (minor units). */
  | { type: 'socket.joined'; join: JoinInfo; machine: MachineView; balance: number; session?: SessionView }
  /** The game session's books: after a money move and at every reels' stop. */
  | { type: 'socket.session'; session: SessionView }
  | { type: 'socket.state'; machine: MachineView }
  /** The reels start (the bet is taken; the outcome is not known yet). */
  | { type: 'socket.spinStart'; spin: SpinStartView }
  /** The reels have stopped on this outcome (the meters follow in a socket.state). */
  | { type: 'socket.spin'; spin: SpinView }
  | { type: 'socket.balance'; balance: number }
  | { type: 'socket.info'; code: number; params: Record<string, unknown>; message: string }
  /** A countdown to the end of the session (the service tells these codes from other info). */
  | { type: 'socket.closeWarning'; code: number; count: number }
  | { type: 'socket.ack'; requestId?: string; request: string }
  | { type: 'socket.error'; failure: Failure; requestId?: string }
  | { type: 'socket.quit'; reason: string }
  | { type: 'socket.closeSession'; code: number }
  /** A reality check is due: play pauses until the player answers continue (the floor's books with it). */
  | { type: 'socket.realityCheck'; session: SessionView }
  | { type: 'socket.closed'; code: number }
  /** The player's login session ended (logout, ban, a login elsewhere…): the socket is closed. */
  | { type: 'socket.sessionEnded' }
  | { type: 'socket.lost' };

export type UserEvent =
  | { type: 'user.join' }
  | { type: 'user.press'; button: MachineButton }
  | { type: 'user.autoplay'; on: boolean }
  | { type: 'user.transfer'; amount: number }
  | { type: 'user.toggleMoneyTransfer' }
  | { type: 'user.toggleSideBar' }
  | { type: 'user.volume'; volume: number }
  | { type: 'user.sound'; on: boolean }
  | { type: 'user.selectBand'; id: string }
  /** The video link gave up: try again. */
  | { type: 'user.retryVideo' }
  | { type: 'user.cashout' }
  /** Back to the lobby: releases a machine that holds nothing, else asks (live.leave.asking). */
  | { type: 'user.leave' }
  /** The answer to the leave question: keep the machine reserved, or stay and play on. */
  | { type: 'user.keepMachine' }
  | { type: 'user.stay' }
  /** Any touch or click on the game: the controls show again. */
  | { type: 'user.touch' }
  /** This tab takes the machine back from the player's other tab. */
  | { type: 'user.playHere' }
  /** The player's answer to the reality check on screen. */
  | { type: 'user.answerCheck'; answer: CheckAnswer };

/** Raised by the machine itself: the cashout has gone out, now leave. */
type InternalEvent = { type: 'session.closed' };

export type GameSessionEvent = SocketEvent | UserEvent | InternalEvent | WalletFeedEvent;

