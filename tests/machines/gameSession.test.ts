import { describe, expect, it } from 'vitest';
import { assign, createActor, fromCallback, fromPromise, SimulatedClock, type AnyEventObject } from 'xstate';
import { MAX_ATTEMPTS, videoLinkMachine } from '../../machines/videoLink.ts';
import { fittingBand, gameSessionMachine, SPIN_STOP_GRACE_MS, type JoinInfo, type MachineRequest, type MachineView } from '../../machines/gameSession.ts';
import { selectAskingToLeave, selectCheckAnswering, selectControlsFaded, selectLive, selectRealityCheck, selectSession, selectScreen, selectSessionNet, selectSpinning, selectVideo, selectVideoLost } from '../../machines/gameSession.selectors.ts';
import { selectStream, selectVideoFailed, selectVideoProblem, selectVideoRefusal } from '../../machines/videoLink.selectors.ts';
import { BACKOFF_CAP_MS } from '../../machines/backoff.ts';
import { reconnectMachine } from '../../machines/reconnect.ts';
import { walletMachine } from '../../machines/wallet.ts';
import { JURISDICTIONS } from '../../protocol/protection.ts';

const join: JoinInfo = {
  machineName: 'Golden Reels 01',
  brand: 'Golden Reels',
  videoType: 'screen',
  bands: [
    { id: 'sd', name: 'SD', Order: 1, width: 320, height: 180, whepUrl: '/whep/1/sd' },
    { id: 'hd', name: 'HD', Order: 2, width: 640, height: 360, whepUrl: '/whep/1/hd' },
  ],
  hotCoins: [500, 5000],
  maxAllIn: 2500000,
  rules: null,
};
const machine: MachineView = { credits: 0, betPerLine: 1, lines: 20, bet: 20, win: 0, freeSpinsLeft: 0, autoplay: false, status: 'playing', jackpot: 100000 };

/**
 * A game session with a fake socket and video: records what was sent, which video players
 * started (the URL they were started with, null while preparing) and which URL each played.
 */
function start(maxReconnects = 3) {
  const sent: MachineRequest[] = [];
  const sockets: Array<(event: AnyEventObject) => void> = [];
  const started: Array<string | null> = [];
  const videos: string[] = [];
  const requestsToVideo: string[] = [];
  /** The current video peer's hand back to its link (peer.* events). */
  let peerSend: (event: AnyEventObject) => void = () => {};
  let videosStopped = 0;
  const wakeLock = { taken: 0, released: 0 };
  const clock = new SimulatedClock();
  // The login's real wallet chart (its fetch never answers): the game's balance is the wallet's.
  const wallet = createActor(walletMachine.provide({ actors: { fetchBalance: fromPromise(() => new Promise<number>(() => {})) } })).start();
  // The login's real reconnect dialog, handed to the game in its input as src/app does.
  const reconnect = createActor(reconnectMachine).start();
  const actor = createActor(
    gameSessionMachine.provide({
      actors: {
        machineSocket: fromCallback(({ sendBack, receive }) => {
          sockets.push(sendBack);
          receive((event) => sent.push(event.message));
        }),
        // The real video link, with a fake WHEP peer.
        video: videoLinkMachine.provide({
          actors: {
            peer: fromCallback(({ input, receive, sendBack }) => {
              peerSend = sendBack;
              started.push(input.whepUrl);
              if (input.whepUrl !== null) videos.push(input.whepUrl);
              receive((event) => {
                if (event.type === 'peer.play') videos.push(event.whepUrl);
                else requestsToVideo.push(event.type);
              });
              return () => {
                videosStopped += 1;
              };
            }),
          },
        }),
        wakeLock: fromCallback(() => {
          wakeLock.taken += 1;
          return () => {
            wakeLock.released += 1;
          };
        }),
      },
    }),
    { input: { machineId: 1, token: 'tok', maxReconnects, visitId: 'v1', wallet, reconnect }, clock },
  ).start();
  const server = (event: AnyEventObject) => sockets[sockets.length - 1]!(event);
  const peer = (event: AnyEventObject) => peerSend(event);
  return { actor, wallet, reconnect, sent, server, started, videos, requestsToVideo, clock, sockets, wakeLock, peer, stopped: () => videosStopped };
}

function joined(t: ReturnType<typeof start>) {
  t.actor.send({ type: 'user.join' });
  t.server({ type: 'socket.joined', join, machine, balance: 100_000 });
}

describe('gameSession machine: failing children', () => {
  it('a socket that fails to open is a lost connection; a failing video player only flags the picture', () => {
    let attempts = 0;
    const actor = createActor(
      gameSessionMachine.provide({
        actors: {
          machineSocket: fromCallback(() => {
            attempts += 1;
            throw new Error('no sockets here');
          }),
          video: videoLinkMachine.provide({
            actors: {
              peer: fromCallback(() => {
                throw new Error('no WebRTC here');
              }),
            },
          }),
        },
      }),
      { input: { machineId: 1, token: 't', maxReconnects: 0, visitId: 'v' } },
    ).start();
    actor.send({ type: 'user.join' });
    expect(attempts).toBe(1);
    expect(actor.getSnapshot().output).toEqual({ reason: 'connectionLost', failure: null, next: 'lobby' });
  });

  /** A game joined and live with the given video logic (its socket fake). */
  function liveWithVideo(video: unknown) {
    const sockets: Array<(e: AnyEventObject) => void> = [];
    const actor = createActor(
      gameSessionMachine.provide({
        actors: {
          machineSocket: fromCallback(({ sendBack }) => {
            sockets.push(sendBack);
          }),
          video: video as never,
        },
      }),
      { input: { machineId: 1, token: 't', visitId: 'v' } },
    ).start();
    actor.send({ type: 'user.join' });
    sockets[0]!({ type: 'socket.joined', join, machine, balance: 100_000 });
    return actor;
  }

  it('a video player that throws leaves play going with the video problem shown', () => {
    const actor = liveWithVideo(
      videoLinkMachine.provide({
        actors: {
          peer: fromCallback(() => {
            throw new Error('no WebRTC here');
          }),
        },
      }),
    );
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().matches({ connected: { live: { play: 'playing' } } })).toBe(true);
    // The link retries the peer: the picture shows its problem, from the link's own state.
    expect(selectVideoProblem(selectVideo(actor.getSnapshot())?.getSnapshot())).toBe(true);
    expect(selectVideoLost(actor.getSnapshot())).toBe(false);
  });

  it('the app names each visit (newVisit) when its input does not: request ids carry that name', () => {
    const sent: MachineRequest[] = [];
    const sockets: Array<(e: AnyEventObject) => void> = [];
    const actor = createActor(
      gameSessionMachine.provide({
        actors: {
          machineSocket: fromCallback(({ sendBack, receive }) => {
            sockets.push(sendBack);
            receive((event) => sent.push(event.message));
          }),
        },
        actions: { newVisit: assign({ visitId: () => 'drawn' }) },
      }),
      { input: { machineId: 1, token: 't' } },
    ).start();
    actor.send({ type: 'user.join' });
    sockets[0]!({ type: 'socket.joined', join, machine, balance: 100_000 });
    actor.send({ type: 'user.press', button: 'spin' });
    expect(sent.filter((m) => m.type === 'button')).toEqual([{ type: 'button', button: 'spin', requestId: 'drawn-0' }]);
  });

  it('a video link that fails outright is gone: play goes on, and the game says the video is lost', () => {
    const actor = liveWithVideo(
      fromCallback(() => {
        throw new Error('the link itself broke');
      }),
    );
    expect(selectScreen(actor.getSnapshot())).toBe('live');
    expect(selectVideoLost(actor.getSnapshot())).toBe(true);
    // A press still goes out, and nothing is told to the link that is gone (that would throw).
    actor.send({ type: 'user.press', button: 'spin' });
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().context.pending.spin).toBeDefined();
  });
});

describe('gameSession machine', () => {
  it('joins with init, sorts bands by Order descending and plays the best band', () => {
    const t = start();
    t.actor.send({ type: 'user.join' });
    expect(t.sent).toEqual([{ type: 'init', machineID: 1, token: 'tok' }]);
    t.server({ type: 'socket.joined', join, machine, balance: 100_000 });
    const s = t.actor.getSnapshot();
    expect(s.matches({ connected: { live: { play: 'playing' } } })).toBe(true);
    expect(s.context.join?.bands.map((b) => b.id)).toEqual(['hd', 'sd']);
    expect(t.videos).toEqual(['/whep/1/hd']);
  });

  it('the video prepares while the socket joins, and the join answer names its band', () => {
    const t = start();
    t.actor.send({ type: 'user.join' });
    // Started with the join, before any answer: no band yet, nothing played.
    expect(t.started).toEqual([null]);
    expect(t.videos).toEqual([]);
    t.server({ type: 'socket.joined', join, machine, balance: 100_000 });
    // The same player, told the best band: not a second one.
    expect(t.started).toEqual([null]);
    expect(t.videos).toEqual(['/whep/1/hd']);
    expect(t.stopped()).toBe(0);
  });

  it('a join that fails or is lost stops the prepared video; the next join prepares a new one', () => {
    const refused = start();
    refused.actor.send({ type: 'user.join' });
    // As the floor refuses a join: its word, then the close (channel.ts JOIN_REFUSED_CLOSE).
    refused.server({ type: 'socket.error', failure: { code: 60002, message: 'machine is offline', params: {} } });
    refused.server({ type: 'socket.closed', code: 4004 });
    expect(refused.actor.getSnapshot().output?.reason).toBe('joinFailed');
    expect(refused.actor.getSnapshot().output?.failure?.code).toBe(60002);
    expect(refused.stopped()).toBe(1);

    const lost = start();
    lost.actor.send({ type: 'user.join' });
    lost.server({ type: 'socket.lost' });
    expect(lost.actor.getSnapshot().matches('reconnecting')).toBe(true);
    expect(lost.stopped()).toBe(1);
    lost.clock.increment(1000);
    expect(lost.started).toEqual([null, null]);
    lost.server({ type: 'socket.joined', join, machine, balance: 100_000 });
    expect(lost.videos).toEqual(['/whep/1/hd']);
  });

  it('sends the player requests with request ids unique to the visit', () => {
    const t = start();
    joined(t);
    t.actor.send({ type: 'user.transfer', amount: 500 });
    t.actor.send({ type: 'user.press', button: 'spin' });
    t.actor.send({ type: 'user.autoplay', on: true });
    expect(t.sent.slice(1)).toEqual([
      { type: 'transfer', amount: 500, requestId: 'v1-0' },
      { type: 'button', button: 'spin', requestId: 'v1-1' },
      { type: 'autoplay', on: true, requestId: 'v1-2' },
    ]);
    // The video is told of each, as it goes: it times press → picture where the video allows.
    expect(t.requestsToVideo).toEqual(['video.request', 'video.request', 'video.request']);
  });

  it('a close warning counts down in place and an accepted request ends it', () => {
    const t = start();
    joined(t);
    t.server({ type: 'socket.closeWarning', code: 18800, count: 10 });
    expect(t.actor.getSnapshot().matches({ connected: { live: { play: 'closeWarning' } } })).toBe(true);
    t.server({ type: 'socket.closeWarning', code: 18800, count: 9 });
    expect(t.actor.getSnapshot().context.warning).toEqual({ code: 18800, count: 9 });
    t.server({ type: 'socket.ack', request: 'transfer', requestId: 'r0' });
    expect(t.actor.getSnapshot().matches({ connected: { live: { play: 'playing' } } })).toBe(true);
    expect(t.actor.getSnapshot().context.warning).toBeNull();
  });

  it('a transfer goes only within the wallet and the all-in limit; the view asks the chart (can) which coins are live', () => {
    const t = start();
    joined(t); // wallet 1,000.00, no credits, all-in limit per the join
    const can = (amount: number) => t.actor.getSnapshot().can({ type: 'user.transfer', amount });
    expect(can(500)).toBe(true);
    expect(can(100_000)).toBe(true);
    expect(can(100_001)).toBe(false); // more than the wallet holds
    expect(can(0)).toBe(false);
    t.actor.send({ type: 'user.transfer', amount: 100_001 });
    expect(t.sent.filter((m) => m.type === 'transfer')).toEqual([]);
    // The wallet as the floor tells it after each money update: it goes to the wallet, and the
    // game's figure is the wallet's.
    t.server({ type: 'socket.balance', balance: 400 });
    expect(t.wallet.getSnapshot().context.balance).toBe(400);
    expect(t.actor.getSnapshot().context.balance).toBe(400);
    expect(can(500)).toBe(false);
    expect(can(400)).toBe(true);
    // Credits on the machine count against its all-in limit.
    t.server({ type: 'socket.balance', balance: 10_000_000 });
    t.server({ type: 'socket.state', machine: { ...machine, credits: join.maxAllIn - 500 } });
    expect(can(500)).toBe(true);
    expect(can(501)).toBe(false);
    // Between the floor's updates, the wallet's own news (a deposit, a promo, another tab).
    t.wallet.send({ type: 'server.balance', balance: 300 });
    expect(can(500)).toBe(false);
    expect(can(300)).toBe(true);
    t.wallet.send({ type: 'server.balance', balance: 10_000_000 });
    t.actor.send({ type: 'user.transfer', amount: 500 });
    expect(t.sent.filter((m) => m.type === 'transfer')).toEqual([{ type: 'transfer', amount: 500, requestId: expect.any(String) }]);
  });

  it('close session sends a cashout and leaves with the code', () => {
    const t = start();
    joined(t);
    t.server({ type: 'socket.closeSession', code: 18801 });
    expect(t.sent.at(-1)).toMatchObject({ type: 'cashout' });
    const s = t.actor.getSnapshot();
    expect(s.status).toBe('done');
    expect(s.output).toEqual({ reason: 'closeSession', failure: { code: 18801, message: '', params: {} }, next: 'lobby' });
    expect(t.stopped()).toBe(1);
  });

  it('a quit leaves; a refused join leaves with its failure', () => {
    const quit = start();
    joined(quit);
    quit.server({ type: 'socket.quit', reason: 'removed' });
    expect(quit.actor.getSnapshot().output).toEqual({ reason: 'quit', failure: null, next: 'lobby' });

    const broken = start();
    joined(broken);
    broken.server({ type: 'socket.quit', reason: 'outOfService' });
    expect(broken.actor.getSnapshot().output).toEqual({ reason: 'quit', failure: { code: 60002, message: '', params: {} }, next: 'lobby' });

    const refused = start();
    refused.actor.send({ type: 'user.join' });
    refused.server({ type: 'socket.error', failure: { code: 60001, message: 'taken', params: {} } });
    expect(refused.actor.getSnapshot().output).toEqual({ reason: 'joinFailed', failure: { code: 60001, message: 'taken', params: {} }, next: 'lobby' });
  });

  it('a lost socket reconnects with the shared backoff (the first retry after 500–1000 ms) and joins again; too many losses leave', () => {
    const t = start(2);
    joined(t);
    t.server({ type: 'socket.lost' });
    expect(t.actor.getSnapshot().matches('reconnecting')).toBe(true);
    expect(t.stopped()).toBe(1);
    t.clock.increment(499);
    expect(t.actor.getSnapshot().matches('reconnecting')).toBe(true);
    t.clock.increment(501);
    expect(t.actor.getSnapshot().matches({ connected: 'joining' })).toBe(true);
    expect(t.sockets).toHaveLength(2);
    t.server({ type: 'socket.lost' });
    t.clock.increment(2000);
    t.server({ type: 'socket.lost' });
    expect(t.actor.getSnapshot().output?.reason).toBe('connectionLost');
  });

  it('a join closed without a word (a proxy, not the floor) is waited out and joined again, not left', () => {
    const t = start();
    t.actor.send({ type: 'user.join' });
    t.server({ type: 'socket.closed', code: 1000 });
    expect(t.actor.getSnapshot().matches({ connected: 'joining' })).toBe(true);
    t.clock.increment(10_000);
    expect(t.actor.getSnapshot().matches('reconnecting')).toBe(true);
    expect(t.actor.getSnapshot().status).toBe('active');
  });

  it("a refusal heard while cashing out is an earlier press's: the cashout goes on and ends without it", () => {
    const t = start();
    joined(t);
    t.actor.send({ type: 'user.press', button: 'spin' });
    const spin = (t.sent.find((m) => m.type === 'button') as { requestId: string }).requestId;
    t.actor.send({ type: 'user.cashout' });
    t.server({ type: 'socket.error', failure: { code: 60005, message: 'not enough credits', params: {} }, requestId: spin });
    expect(t.actor.getSnapshot().matches({ connected: 'cashingOut' })).toBe(true);
    t.server({ type: 'socket.closed', code: 1000 });
    expect(t.actor.getSnapshot().output).toMatchObject({ reason: 'cashout' });
    expect(t.actor.getSnapshot().output?.failure ?? null).toBeNull();
  });

  it('cash out sends cashout and leaves when the socket closes', () => {
    const t = start();
    joined(t);
    t.actor.send({ type: 'user.cashout' });
    expect(t.sent.at(-1)).toMatchObject({ type: 'cashout' });
    expect(t.actor.getSnapshot().matches({ connected: 'cashingOut' })).toBe(true);
    expect(selectScreen(t.actor.getSnapshot())).toBe('cashingOut');
    t.server({ type: 'socket.closed', code: 1000 });
    expect(t.actor.getSnapshot().output?.reason).toBe('cashout');
  });

  it('an ended login session leaves without a cashout or a toast of its own, from live and from cashing out', () => {
    const live = start();
    joined(live);
    live.server({ type: 'socket.sessionEnded' });
    expect(live.actor.getSnapshot().output).toEqual({ reason: 'sessionEnded', failure: null, next: 'lobby' });
    expect(live.sent.some((m) => m.type === 'cashout')).toBe(false);

    const cashing = start();
    joined(cashing);
    cashing.actor.send({ type: 'user.cashout' });
    cashing.server({ type: 'socket.sessionEnded' });
    expect(cashing.actor.getSnapshot().output?.reason).toBe('sessionEnded');
  });

  it('keeps the screen awake for the whole visit, reconnects included, and lets it sleep once the visit is over', () => {
    const t = start();
    joined(t);
    t.server({ type: 'socket.lost' });
    expect(t.actor.getSnapshot().matches('reconnecting')).toBe(true);
    t.clock.increment(400);
    expect(t.wakeLock).toEqual({ taken: 1, released: 0 });
    t.actor.send({ type: 'user.leave' });
    expect(t.actor.getSnapshot().status).toBe('done');
    expect(t.wakeLock).toEqual({ taken: 1, released: 1 });
  });

  it('the controls fade after 4 s untouched and come back on a touch', () => {
    const t = start();
    joined(t);
    const faded = () => t.actor.getSnapshot().matches({ connected: { live: { controls: 'faded' } } });
    t.clock.increment(3999);
    t.actor.send({ type: 'user.touch' });
    t.clock.increment(3999);
    expect(faded()).toBe(false);
    t.clock.increment(1);
    expect(faded()).toBe(true);
    t.actor.send({ type: 'user.touch' });
    expect(faded()).toBe(false);
  });

  it('the first band is the one that fits the picture: HD for a desktop, never more than a phone shows', () => {
    const bands = [
      { id: '180p', width: 320, Order: 1 },
      { id: '720p', width: 1280, Order: 3 },
      { id: '360p', width: 640, Order: 2 },
    ];
    expect(fittingBand(bands, 960)?.id).toBe('720p');
    expect(fittingBand(bands, 390)?.id).toBe('360p');
    expect(fittingBand(bands, 588)?.id).toBe('360p');
    expect(fittingBand(bands, 300)?.id).toBe('180p');
    expect(fittingBand(bands, 2400)?.id).toBe('720p');
    expect(fittingBand(bands, null)?.id).toBe('720p');
    expect(fittingBand([], 500)).toBeUndefined();
  });

  it('sound: muted until the first tap on the live game, then on if the player wants it; a choice to mute holds through taps', () => {
    const t = start();
    const sound = () => ({ muted: t.actor.getSnapshot().context.muted, soundOn: t.actor.getSnapshot().context.soundOn });
    t.actor.send({ type: 'user.touch' }); // before the join: nothing plays yet
    expect(sound()).toEqual({ muted: true, soundOn: true });
    joined(t);
    t.actor.send({ type: 'user.touch' });
    expect(sound()).toEqual({ muted: false, soundOn: true });
    // The pill's own tap (touch, then its click) leaves the sound on.
    t.actor.send({ type: 'user.sound', on: true });
    expect(sound()).toEqual({ muted: false, soundOn: true });
    t.actor.send({ type: 'user.sound', on: false });
    t.actor.send({ type: 'user.touch' });
    t.clock.increment(5000);
    t.actor.send({ type: 'user.touch' });
    expect(sound()).toEqual({ muted: true, soundOn: false });
    // Moving the volume is wanting sound.
    t.actor.send({ type: 'user.volume', volume: 0.3 });
    expect({ ...sound(), volume: t.actor.getSnapshot().context.volume }).toEqual({ muted: false, soundOn: true, volume: 0.3 });
  });

  it("the player's sound choices are handed to the app to keep, and the app's recalled choice starts the next visit", () => {
    const kept: Array<{ on: boolean; volume: number }> = [];
    const logic = gameSessionMachine.provide({
      actors: { machineSocket: fromCallback(() => {}), wakeLock: fromCallback(() => {}), presence: fromCallback(() => {}), walletFeed: fromCallback(() => {}) },
      actions: {
        rememberSound: ({ context }) => kept.push({ on: context.soundOn, volume: context.volume }),
        recallSound: assign({ soundOn: false, volume: 0.25 }),
      },
    });
    const actor = createActor(logic, { input: { machineId: 1, token: 'tok', volume: 1 } }).start();
    expect(actor.getSnapshot().context).toMatchObject({ soundOn: false, volume: 0.25, muted: true });
    actor.send({ type: 'user.sound', on: true });
    actor.send({ type: 'user.volume', volume: 2 });
    expect(kept).toEqual([
      { on: true, volume: 0.25 },
      { on: true, volume: 1 },
    ]);
  });

  it('a balance update closes money transfer and switches autoplay off', () => {
    const t = start();
    joined(t);
    t.actor.send({ type: 'user.toggleMoneyTransfer' });
    t.server({ type: 'socket.state', machine: { ...machine, autoplay: true } });
    t.server({ type: 'socket.balance', balance: 99000 });
    expect(t.actor.getSnapshot().context.moneyTransfer).toBe(false);
    expect(t.sent.at(-1)).toMatchObject({ type: 'autoplay', on: false });
  });

  it('switching band restarts the video on the new band only', () => {
    const t = start();
    joined(t);
    t.actor.send({ type: 'user.selectBand', id: 'sd' });
    t.actor.send({ type: 'user.selectBand', id: 'sd' });
    t.actor.send({ type: 'user.selectBand', id: 'nope' });
    expect(t.videos).toEqual(['/whep/1/hd', '/whep/1/sd']);
    expect(t.stopped()).toBe(1);
  });

  it('a video that gave up is asked again by the player, or by picking another band', () => {
    const t = start();
    joined(t);
    const failed = () => selectVideoFailed(selectVideo(t.actor.getSnapshot())?.getSnapshot());
    const giveUp = () => {
      for (let attempt = 0; attempt <= MAX_ATTEMPTS; attempt += 1) {
        t.peer({ type: 'peer.failed', reason: 'ice failed' });
        t.clock.increment(BACKOFF_CAP_MS);
      }
    };
    giveUp();
    expect(failed()).toBe(true);
    t.actor.send({ type: 'user.retryVideo' });
    expect(failed()).toBe(false);
    giveUp();
    expect(failed()).toBe(true);
    t.actor.send({ type: 'user.selectBand', id: 'sd' });
    expect(failed()).toBe(false);
    expect(t.videos.at(-1)).toBe('/whep/1/sd');
  });

  it('leaving a machine that holds nothing releases it at once (a cashout), without a cashout toast', () => {
    const t = start();
    joined(t);
    t.actor.send({ type: 'user.leave' });
    expect(t.sent.at(-1)).toMatchObject({ type: 'cashout' });
    expect(t.actor.getSnapshot().matches({ connected: 'cashingOut' })).toBe(true);
    t.server({ type: 'socket.closed', code: 1000 });
    expect(t.actor.getSnapshot().output).toEqual({ reason: 'left', failure: null, next: 'lobby' });
    expect(t.stopped()).toBe(1);
  });

  it('leaving with credits asks: keep the machine (no cashout, reserved), cash out first, or stay', () => {
    const keep = start();
    joined(keep);
    // The login's reconnect dialog knows the machine for the whole visit (the game's presence child).
    expect(keep.reconnect.getSnapshot().context).toMatchObject({ playingMachineId: 1, keptMachineId: null });
    keep.server({ type: 'socket.state', machine: { ...machine, credits: 500 } });
    keep.actor.send({ type: 'user.leave' });
    expect(keep.actor.getSnapshot().matches({ connected: { live: { leave: 'asking' } } })).toBe(true);
    keep.actor.send({ type: 'user.stay' });
    expect(keep.actor.getSnapshot().matches({ connected: { live: { leave: 'staying' } } })).toBe(true);
    keep.actor.send({ type: 'user.leave' });
    keep.actor.send({ type: 'user.keepMachine' });
    expect(keep.sent.some((m) => m.type === 'cashout')).toBe(false);
    expect(keep.actor.getSnapshot().output).toEqual({ reason: 'left', failure: null, next: 'lobby' });
    expect(keep.stopped()).toBe(1);
    // The visit is over, and the dialog knows the machine is kept (not an open session to greet).
    expect(keep.reconnect.getSnapshot().context).toMatchObject({ playingMachineId: null, keptMachineId: 1 });

    const cash = start();
    joined(cash);
    cash.server({ type: 'socket.state', machine: { ...machine, credits: 500 } });
    cash.actor.send({ type: 'user.leave' });
    cash.actor.send({ type: 'user.cashout' });
    expect(cash.sent.at(-1)).toMatchObject({ type: 'cashout' });
    cash.server({ type: 'socket.closed', code: 1000 });
    expect(cash.actor.getSnapshot().output?.reason).toBe('cashout');
    expect(cash.reconnect.getSnapshot().context).toMatchObject({ playingMachineId: null, keptMachineId: null });
  });
});

describe('gameSession machine: one request in flight per control (issue 21)', () => {
  const transfers = (t: ReturnType<typeof start>) => t.sent.filter((m) => m.type === 'transfer');
  const spins = (t: ReturnType<typeof start>) => t.sent.filter((m) => m.type === 'button' && m.button === 'spin');

  it('a double tap on a coin is one transfer; the coin is free again once the floor answers', () => {
    const t = start();
    joined(t);
    t.actor.send({ type: 'user.transfer', amount: 500 });
    t.actor.send({ type: 'user.transfer', amount: 500 });
    expect(transfers(t)).toHaveLength(1);
    expect(t.actor.getSnapshot().can({ type: 'user.transfer', amount: 500 })).toBe(false);
    // Another control is not held by it.
    t.actor.send({ type: 'user.press', button: 'betUp' });
    expect(t.sent.filter((m) => m.type === 'button')).toHaveLength(1);
    const id = (transfers(t)[0] as { requestId: string }).requestId;
    t.server({ type: 'socket.ack', request: 'transfer', requestId: id });
    t.actor.send({ type: 'user.transfer', amount: 500 });
    expect(transfers(t)).toHaveLength(2);
    // A refusal with its id frees the coin as well.
    const second = (transfers(t)[1] as { requestId: string }).requestId;
    t.server({ type: 'socket.error', failure: { code: 60003, message: 'no money', params: {} }, requestId: second });
    expect(t.actor.getSnapshot().can({ type: 'user.transfer', amount: 500 })).toBe(true);
  });

  it('no button is taken while the reels spin; when the floor says they stopped they are', () => {
    const t = start();
    joined(t);
    t.actor.send({ type: 'user.press', button: 'spin' });
    t.actor.send({ type: 'user.press', button: 'spin' });
    expect(spins(t)).toHaveLength(1);
    const id = (spins(t)[0] as { requestId: string }).requestId;
    t.server({ type: 'socket.spinStart', spin: { bet: 20, freeSpin: false, settlesAt: 0, settlesInMs: 1800 } });
    t.server({ type: 'socket.ack', request: 'spin', requestId: id });
    // Answered, but the reels still turn: a press now would be refused by the floor.
    for (const button of ['spin', 'betUp', 'collect'] as const) {
      expect(t.actor.getSnapshot().can({ type: 'user.press', button })).toBe(false);
      t.actor.send({ type: 'user.press', button });
    }
    expect(t.sent.filter((m) => m.type === 'button')).toHaveLength(1);
    // Past the announced stop the reels still turn until the floor tells the outcome.
    t.clock.increment(1800);
    expect(t.actor.getSnapshot().can({ type: 'user.press', button: 'spin' })).toBe(false);
    t.server({ type: 'socket.spin', spin: { reels: [], totalWin: 0, bet: 20, freeSpin: false, jackpotWin: 0 } });
    t.actor.send({ type: 'user.press', button: 'spin' });
    expect(spins(t)).toHaveLength(2);
  });

  it('free spins keep the bet that won them: no change of the bet is taken while any are left, Spin and Collect are', () => {
    const t = start();
    joined(t);
    t.server({ type: 'socket.state', machine: { ...machine, credits: 500, freeSpinsLeft: 3 } });
    for (const button of ['betUp', 'betDown', 'maxBet', 'lines'] as const) {
      expect(t.actor.getSnapshot().can({ type: 'user.press', button })).toBe(false);
      t.actor.send({ type: 'user.press', button });
    }
    expect(t.sent.filter((m) => m.type === 'button')).toHaveLength(0);
    expect(t.actor.getSnapshot().can({ type: 'user.press', button: 'spin' })).toBe(true);
    expect(t.actor.getSnapshot().can({ type: 'user.press', button: 'collect' })).toBe(true);
    // The last free spin played: the bet is the player's again.
    t.server({ type: 'socket.state', machine: { ...machine, credits: 500, freeSpinsLeft: 0 } });
    t.actor.send({ type: 'user.press', button: 'betUp' });
    expect(t.sent.filter((m) => m.type === 'button')).toEqual([expect.objectContaining({ button: 'betUp' })]);
  });

  it('a stop the floor never tells (a lost frame) frees the buttons a grace after the announced stop', () => {
    const t = start();
    joined(t);
    t.actor.send({ type: 'user.press', button: 'spin' });
    t.server({ type: 'socket.spinStart', spin: { bet: 20, freeSpin: false, settlesAt: 0, settlesInMs: 1800 } });
    t.server({ type: 'socket.ack', request: 'spin', requestId: (spins(t)[0] as { requestId: string }).requestId });
    t.clock.increment(1800 + SPIN_STOP_GRACE_MS - 1);
    expect(t.actor.getSnapshot().can({ type: 'user.press', button: 'spin' })).toBe(false);
    t.clock.increment(1);
    expect(t.actor.getSnapshot().can({ type: 'user.press', button: 'spin' })).toBe(true);
  });

  it("the jurisdiction's game cycle: Spin is not taken after the stop until the cycle from the spin's start has run out", () => {
    const t = start();
    t.actor.send({ type: 'user.join' });
    t.server({ type: 'socket.joined', join: { ...join, rules: JURISDICTIONS.uk }, machine, balance: 100_000 });
    t.actor.send({ type: 'user.press', button: 'spin' });
    t.server({ type: 'socket.spinStart', spin: { bet: 20, freeSpin: false, settlesAt: 0, settlesInMs: 1800 } });
    t.server({ type: 'socket.ack', request: 'spin', requestId: (spins(t)[0] as { requestId: string }).requestId });
    t.clock.increment(1800);
    t.server({ type: 'socket.spin', spin: { reels: [], totalWin: 0, bet: 20, freeSpin: false, jackpotWin: 0 } });
    // 2.5 s from the start: 700 ms after the stop. The bet may change meanwhile; Spin waits.
    expect(t.actor.getSnapshot().hasTag('reels:resting')).toBe(true);
    expect(t.actor.getSnapshot().can({ type: 'user.press', button: 'spin' })).toBe(false);
    expect(t.actor.getSnapshot().can({ type: 'user.press', button: 'betDown' })).toBe(true);
    t.actor.send({ type: 'user.press', button: 'spin' });
    t.clock.increment(699);
    expect(t.actor.getSnapshot().can({ type: 'user.press', button: 'spin' })).toBe(false);
    t.clock.increment(1);
    expect(t.actor.getSnapshot().hasTag('reels:resting')).toBe(false);
    t.actor.send({ type: 'user.press', button: 'spin' });
    expect(spins(t)).toHaveLength(2);
  });

  it('no rest where the cycle is no longer than the spin, and none from an operator that tells no rules', () => {
    for (const rules of [JURISDICTIONS.default, null]) {
      const t = start();
      t.actor.send({ type: 'user.join' });
      t.server({ type: 'socket.joined', join: { ...join, rules }, machine, balance: 100_000 });
      t.actor.send({ type: 'user.press', button: 'spin' });
      t.server({ type: 'socket.spinStart', spin: { bet: 20, freeSpin: false, settlesAt: 0, settlesInMs: 1800 } });
      t.server({ type: 'socket.ack', request: 'spin', requestId: (spins(t)[0] as { requestId: string }).requestId });
      t.server({ type: 'socket.spin', spin: { reels: [], totalWin: 0, bet: 20, freeSpin: false, jackpotWin: 0 } });
      expect(t.actor.getSnapshot().can({ type: 'user.press', button: 'spin' })).toBe(true);
    }
  });

  it('autoplay is not switched on where the jurisdiction bans it (off still is), and Bet up stops at the largest stake', () => {
    const t = start();
    t.actor.send({ type: 'user.join' });
    t.server({ type: 'socket.joined', join: { ...join, rules: JURISDICTIONS.de }, machine: { ...machine, bet: 80 }, balance: 100_000 });
    expect(t.actor.getSnapshot().can({ type: 'user.autoplay', on: true })).toBe(false);
    expect(t.actor.getSnapshot().can({ type: 'user.autoplay', on: false })).toBe(true);
    expect(t.actor.getSnapshot().can({ type: 'user.press', button: 'betUp' })).toBe(true);
    t.server({ type: 'socket.state', machine: { ...machine, betPerLine: 5, bet: 100 } });
    expect(t.actor.getSnapshot().can({ type: 'user.press', button: 'betUp' })).toBe(false);
    expect(t.actor.getSnapshot().can({ type: 'user.press', button: 'maxBet' })).toBe(true);
    expect(t.actor.getSnapshot().can({ type: 'user.press', button: 'betDown' })).toBe(true);
  });

  const books = { id: 7, machineId: 1, startedAt: 0, spins: 3, freeSpins: 0, cashIn: 5000, cashOut: 0, playedMs: 3_600_000, bets: 60, wins: 25 };
  const lastSent = (t: ReturnType<typeof start>) => t.sent[t.sent.length - 1] as { type: string; answer?: string; requestId?: string };

  it('a reality check pauses play until the floor takes Continue: no press, coin or autoplay on meanwhile (autoplay off and cash out still go)', () => {
    const t = start();
    joined(t);
    t.server({ type: 'socket.realityCheck', session: books });
    const paused = t.actor.getSnapshot();
    expect(selectRealityCheck(paused)).toEqual(books);
    expect(selectSession(paused)).toEqual(books);
    expect(paused.can({ type: 'user.press', button: 'spin' })).toBe(false);
    expect(paused.can({ type: 'user.press', button: 'betUp' })).toBe(false);
    expect(paused.can({ type: 'user.transfer', amount: 500 })).toBe(false);
    expect(paused.can({ type: 'user.autoplay', on: true })).toBe(false);
    expect(paused.can({ type: 'user.autoplay', on: false })).toBe(true);
    expect(paused.can({ type: 'user.cashout' })).toBe(true);

    t.actor.send({ type: 'user.answerCheck', answer: 'continue' });
    expect(lastSent(t)).toMatchObject({ type: 'realityCheck', answer: 'continue' });
    expect(selectCheckAnswering(t.actor.getSnapshot())).toBe(true);
    // One answer in flight: a second click sends nothing.
    const sent = t.sent.length;
    t.actor.send({ type: 'user.answerCheck', answer: 'continue' });
    expect(t.sent).toHaveLength(sent);
    // Still paused until the floor has taken it.
    expect(t.actor.getSnapshot().can({ type: 'user.press', button: 'spin' })).toBe(false);
    t.server({ type: 'socket.ack', request: 'realityCheck', requestId: lastSent(t).requestId });
    expect(selectRealityCheck(t.actor.getSnapshot())).toBeNull();
    expect(t.actor.getSnapshot().can({ type: 'user.press', button: 'spin' })).toBe(true);
  });

  it("a reality check's View history leaves (asking first where credits are on the machine) and goes on to the history; Stay brings the check back", () => {
    const t = start();
    t.actor.send({ type: 'user.join' });
    t.server({ type: 'socket.joined', join, machine: { ...machine, credits: 500 }, balance: 100_000 });
    t.server({ type: 'socket.realityCheck', session: books });
    t.actor.send({ type: 'user.answerCheck', answer: 'history' });
    t.server({ type: 'socket.ack', request: 'realityCheck', requestId: lastSent(t).requestId });
    expect(selectAskingToLeave(t.actor.getSnapshot())).toBe(true);
    expect(selectRealityCheck(t.actor.getSnapshot())).toBeNull();
    t.actor.send({ type: 'user.stay' });
    expect(selectRealityCheck(t.actor.getSnapshot())).toEqual(books);
    expect(t.actor.getSnapshot().can({ type: 'user.press', button: 'spin' })).toBe(false);

    t.actor.send({ type: 'user.answerCheck', answer: 'history' });
    t.server({ type: 'socket.ack', request: 'realityCheck', requestId: lastSent(t).requestId });
    t.actor.send({ type: 'user.keepMachine' });
    expect(t.actor.getSnapshot().output).toEqual({ reason: 'left', failure: null, next: 'history' });
  });

  it("a reality check's Leave while the leave question is already up keeps the question (never left without asking)", () => {
    const t = start();
    t.actor.send({ type: 'user.join' });
    t.server({ type: 'socket.joined', join, machine: { ...machine, credits: 500 }, balance: 100_000 });
    t.actor.send({ type: 'user.leave' });
    expect(selectAskingToLeave(t.actor.getSnapshot())).toBe(true);
    t.server({ type: 'socket.realityCheck', session: books });
    t.actor.send({ type: 'user.answerCheck', answer: 'leave' });
    t.server({ type: 'socket.ack', request: 'realityCheck', requestId: lastSent(t).requestId });
    expect(t.actor.getSnapshot().status).toBe('active');
    expect(selectAskingToLeave(t.actor.getSnapshot())).toBe(true);
  });

  it("a reality check's Leave on a machine that holds nothing releases it and goes back to the lobby", () => {
    const t = start();
    joined(t);
    t.server({ type: 'socket.realityCheck', session: books });
    t.actor.send({ type: 'user.answerCheck', answer: 'leave' });
    t.server({ type: 'socket.ack', request: 'realityCheck', requestId: lastSent(t).requestId });
    expect(lastSent(t)).toMatchObject({ type: 'cashout' });
    t.server({ type: 'socket.closed', code: 1000 });
    expect(t.actor.getSnapshot().output).toEqual({ reason: 'left', failure: null, next: 'lobby' });
  });

  it('an answer the floor has not taken in 5 s may be given again (the dialog comes back); a reconnect meets the check again from the floor', () => {
    const t = start();
    joined(t);
    t.server({ type: 'socket.realityCheck', session: books });
    t.actor.send({ type: 'user.answerCheck', answer: 'continue' });
    t.clock.increment(4999);
    expect(selectCheckAnswering(t.actor.getSnapshot())).toBe(true);
    t.clock.increment(1);
    expect(selectCheckAnswering(t.actor.getSnapshot())).toBe(false);
    expect(selectRealityCheck(t.actor.getSnapshot())).toEqual(books);
    t.actor.send({ type: 'user.answerCheck', answer: 'continue' });
    expect(t.sent.filter((m) => m.type === 'realityCheck')).toHaveLength(2);
    // The first answer's late ack (the floor acknowledges a late one too) lifts the pause.
    t.server({ type: 'socket.ack', request: 'realityCheck', requestId: 'v1-0' });
    expect(selectRealityCheck(t.actor.getSnapshot())).toBeNull();

    t.server({ type: 'socket.realityCheck', session: books });
    t.server({ type: 'socket.lost' });
    t.clock.increment(BACKOFF_CAP_MS);
    t.server({ type: 'socket.joined', join, machine, balance: 100_000 });
    expect(selectRealityCheck(t.actor.getSnapshot())).toBeNull();
    t.server({ type: 'socket.realityCheck', session: { ...books, playedMs: 3_700_000 } });
    expect(selectRealityCheck(t.actor.getSnapshot())?.playedMs).toBe(3_700_000);
  });

  it('a lost connection frees every control: its requests will not be answered', () => {
    const t = start();
    joined(t);
    t.actor.send({ type: 'user.transfer', amount: 500 });
    t.server({ type: 'socket.lost' });
    t.clock.increment(1000);
    t.server({ type: 'socket.joined', join, machine, balance: 100_000 });
    t.actor.send({ type: 'user.transfer', amount: 500 });
    expect(transfers(t)).toHaveLength(2);
  });
});

describe('gameSession machine: the picture is the video link\'s own state', () => {
  it('the views find the refusal, the stall and the stream on the link (nothing copied into the game)', () => {
    const t = start();
    joined(t);
    const link = () => selectVideo(t.actor.getSnapshot())?.getSnapshot();
    t.peer({ type: 'peer.stream', stream: 'the-stream' });
    expect(selectStream(link())).toBe('the-stream');
    t.peer({ type: 'peer.failed', reason: 'refused', refusal: { code: 70000, params: {} } });
    expect(selectVideoRefusal(link())).toEqual({ code: 70000, params: {} });
    expect(selectVideoProblem(link())).toBe(true);
    expect(Object.keys(t.actor.getSnapshot().context)).not.toEqual(expect.arrayContaining(['stream', 'videoProblem', 'videoRefusal']));
    // The visit over, there is no link and nothing to show.
    t.actor.send({ type: 'user.leave' });
    expect(selectVideo(t.actor.getSnapshot())).toBeUndefined();
    expect(selectVideoProblem(link())).toBe(false);
  });
});

describe('gameSession machine: a join nobody answers', () => {
  it('is a lost connection after joinTimeout: retried, then left', () => {
    const t = start(1);
    t.actor.send({ type: 'user.join' });
    t.clock.increment(10_000);
    expect(t.actor.getSnapshot().value).toBe('reconnecting');
    t.clock.increment(1000);
    expect(t.sent.filter((m) => m.type === 'init')).toHaveLength(2);
    t.clock.increment(10_000);
    expect(t.actor.getSnapshot().value).toBe('left');
    expect(t.actor.getSnapshot().output).toMatchObject({ reason: 'connectionLost' });
  });
});

describe('gameSession machine: the same game in another tab', () => {
  it("its tags say what the screen shows, through the named selectors the views use", () => {
    const t = start();
    const read = () => {
      const s = t.actor.getSnapshot();
      return { screen: selectScreen(s), live: selectLive(s), faded: selectControlsFaded(s), spinning: selectSpinning(s) };
    };
    expect(read()).toEqual({ screen: 'joining', live: false, faded: false, spinning: false });
    t.actor.send({ type: 'user.join' });
    expect(read().screen).toBe('joining');
    t.server({ type: 'socket.joined', join, machine, balance: 100_000 });
    expect(read()).toEqual({ screen: 'live', live: true, faded: false, spinning: false });
    t.server({ type: 'socket.spinStart', spin: { bet: 20, freeSpin: false, settlesAt: 0, settlesInMs: 1000 } });
    expect(read().spinning).toBe(true);
    t.server({ type: 'socket.spin', spin: { reels: [['A']], totalWin: 0, bet: 20, freeSpin: false, jackpotWin: 0 } });
    expect(read().spinning).toBe(false);
    t.clock.increment(4000);
    expect(read()).toEqual({ screen: 'live', live: true, faded: true, spinning: false });
    t.server({ type: 'socket.quit', reason: 'replaced' });
    expect(read()).toEqual({ screen: 'elsewhere', live: false, faded: false, spinning: false });
    t.actor.send({ type: 'user.playHere' });
    t.server({ type: 'socket.lost' });
    expect(read().screen).toBe('reconnecting');
    t.actor.send({ type: 'user.leave' });
    expect(read().screen).toBe('left');
  });

  it('a replaced connection waits calmly (no reconnect of its own) until the player plays here again', () => {
    const t = start();
    joined(t);
    t.server({ type: 'socket.quit', reason: 'replaced' });
    expect(t.actor.getSnapshot().value).toBe('elsewhere');
    // It does not fight back: however long it waits, no join is sent.
    t.clock.increment(60_000);
    expect(t.sent.filter((m) => m.type === 'init')).toHaveLength(1);
    expect(t.actor.getSnapshot().can({ type: 'user.press', button: 'spin' })).toBe(false);
    t.actor.send({ type: 'user.playHere' });
    expect(t.sent.filter((m) => m.type === 'init')).toHaveLength(2);
    t.server({ type: 'socket.joined', join, machine, balance: 100_000 });
    expect(t.actor.getSnapshot().matches({ connected: 'live' })).toBe(true);
  });

  it('other quits still leave', () => {
    const t = start();
    joined(t);
    t.server({ type: 'socket.quit', reason: 'kicked' });
    expect(t.actor.getSnapshot().status).toBe('done');
  });
});

describe('gameSession machine: the session as the operator books it (player protection)', () => {
  const books = { id: 9, machineId: 1, startedAt: 0, spins: 0, freeSpins: 0, cashIn: 5000, cashOut: 0 };

  it('the join and every session frame tell the time played and the net position; an operator that tells neither shows neither', () => {
    const t = start();
    t.actor.send({ type: 'user.join' });
    expect(selectSession(t.actor.getSnapshot())?.playedMs ?? null).toBeNull();
    t.server({ type: 'socket.joined', join, machine, balance: 100_000, session: { ...books, playedMs: 1_000, bets: 0, wins: 0 } });
    expect(selectSession(t.actor.getSnapshot())?.playedMs ?? null).toBe(1_000);
    expect(selectSessionNet(t.actor.getSnapshot())).toBe(0);
    t.server({ type: 'socket.session', session: { ...books, spins: 3, playedMs: 65_000, bets: 60, wins: 25 } });
    expect(selectSession(t.actor.getSnapshot())?.playedMs ?? null).toBe(65_000);
    expect(selectSessionNet(t.actor.getSnapshot())).toBe(-35);
    t.server({ type: 'socket.session', session: books });
    expect(selectSession(t.actor.getSnapshot())?.playedMs ?? null).toBeNull();
    expect(selectSessionNet(t.actor.getSnapshot())).toBeNull();
  });
});
