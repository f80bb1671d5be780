import { describe, expect, it } from 'vitest';
import { assign, createActor, fromCallback, setup, SimulatedClock, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { BACKOFF_CAP_MS } from '../../machines/backoff.ts';
import { selectStats, selectStream, selectVideoFailed, selectVideoProblem, selectVideoRefusal } from '../../machines/videoLink.selectors.ts';
import { MAX_ATTEMPTS, videoLinkMachine, type PeerCommand, type PeerEvent, type PeerInput, type VideoStats } from '../../machines/videoLink.ts';

const stats: VideoStats = { width: 640, height: 360, fps: 30, roundTripMs: 2, inputDelayMs: null };

interface Peer {
  input: PeerInput;
  told: PeerCommand[];
  stopped: boolean;
  send: (event: PeerEvent) => void;
}

/**
 * The link under a parent that records what it hears, with fake peers (each records its input,
 * what it was told and whether it was stopped — stopping is what DELETEs the WHEP resource) and
 * a fake page lifecycle whose events the test sends.
 */
function start(whepUrl: string | null = null) {
  const peers: Peer[] = [];
  let page: (event: AnyEventObject) => void = () => {};
  const link = videoLinkMachine.provide({
    actors: {
      peer: fromCallback<PeerCommand, PeerInput>(({ input, sendBack, receive }) => {
        const peer: Peer = { input, told: [], stopped: false, send: (event) => sendBack(event) };
        peers.push(peer);
        receive((event) => peer.told.push(event));
        return () => {
          peer.stopped = true;
        };
      }),
      pageLifecycle: fromCallback(({ sendBack }) => {
        page = sendBack;
      }),
    },
  });
  const parent = setup({ types: { context: {} as { heard: AnyEventObject[] } }, actors: { link } }).createMachine({
    context: { heard: [] },
    invoke: { id: 'link', src: 'link', input: { whepUrl, token: 'tok' } },
    on: { '*': { actions: assign({ heard: ({ context, event }) => [...context.heard, event] }) } },
  });
  const clock = new SimulatedClock();
  const actor = createActor(parent, { clock }).start();
  const linkRef = () => actor.getSnapshot().children.link!;
  const peer = () => peers[peers.length - 1]!;
  const heard = (type: string) => actor.getSnapshot().context.heard.filter((event) => event.type === type);
  // What the player sees is the link's own state (machines/videoLink.selectors.ts).
  const seen = () => linkRef().getSnapshot() as SnapshotFrom<typeof videoLinkMachine>;
  const problem = () => selectVideoProblem(seen());
  let frames = 0;
  /** The current peer's once-a-second report, with `more` new frames decoded. */
  const report = (more: number) => {
    frames += more;
    peer().send({ type: 'peer.stats', stats, framesDecoded: frames });
  };
  const answered = () => {
    frames = 0;
    peer().send({ type: 'peer.answered' });
  };
  return { actor, link: linkRef, peers, peer, page: (type: 'page.hidden' | 'page.shown') => page({ type }), clock, heard, seen, problem, report, answered };
}

const state = (t: ReturnType<typeof start>) => t.link().getSnapshot().value;

describe('videoLink machine', () => {
  it('prepares its peer before the band is known and plays the band video.play names', () => {
    const t = start();
    expect(state(t)).toEqual({ session: 'preparing' });
    expect(t.peer().input).toEqual({ whepUrl: null, token: 'tok', surface: null });
    t.link().send({ type: 'video.play', whepUrl: '/whep/1/hd' });
    expect(t.peer().told).toEqual([{ type: 'peer.play', whepUrl: '/whep/1/hd' }]);
    expect(state(t)).toEqual({ session: 'negotiating' });
    t.answered();
    t.report(30);
    expect(state(t)).toEqual({ session: { live: 'moving' } });
    expect(t.peers).toHaveLength(1);
    expect(selectStats(t.seen())).toEqual(stats);
    // Requests reach the peer, which times press → picture.
    t.link().send({ type: 'video.request' });
    expect(t.peer().told.at(-1)).toEqual({ type: 'video.request' });
  });

  it('hands the view’s surface to the running peer and to every peer it starts later', () => {
    const t = start('/whep/1/hd');
    // A stand-in: node has no <video>, and the link only hands it on.
    const surface = { element: 'video' } as unknown as HTMLVideoElement;
    t.link().send({ type: 'video.surface', surface });
    expect(t.peer().told).toEqual([{ type: 'peer.surface', surface }]);
    // A retry and a band switch: the new peers start with it.
    t.peer().send({ type: 'peer.failed', reason: 'ice failed' });
    t.clock.increment(BACKOFF_CAP_MS);
    expect(t.peers).toHaveLength(2);
    expect(t.peer().input.surface).toBe(surface);
    t.link().send({ type: 'video.play', whepUrl: '/whep/1/sd' });
    expect(t.peers).toHaveLength(3);
    expect(t.peer().input.surface).toBe(surface);
    // Gone with the view: not handed on (a retrying link has no peer to tell).
    t.link().send({ type: 'video.surface', surface: null });
    expect(t.peer().told.at(-1)).toEqual({ type: 'peer.surface', surface: null });
    t.peer().send({ type: 'peer.failed', reason: 'ice failed' });
    t.link().send({ type: 'video.surface', surface });
    t.clock.increment(BACKOFF_CAP_MS);
    expect(t.peers).toHaveLength(4);
    expect(t.peer().input.surface).toBe(surface);
  });

  it('keeps the stream for the view, tells the parent nothing, and drops it for another band', () => {
    const t = start('/whep/1/hd');
    expect(state(t)).toEqual({ session: 'negotiating' });
    // A stand-in: node has no MediaStream, and the link only holds it for the view.
    const stream = { id: 'stream' } as unknown as MediaStream;
    t.peer().send({ type: 'peer.stream', stream });
    expect(selectStream(t.seen())).toBe(stream);
    expect(t.actor.getSnapshot().context.heard).toEqual([]);
    t.link().send({ type: 'video.play', whepUrl: '/whep/1/sd' });
    expect(selectStream(t.seen())).toBeNull();
  });

  it('gives a new connection 5 s from its answer to show its first frame, then retries after the backoff', () => {
    const t = start('/whep/1/hd');
    t.clock.increment(60_000); // the join may take long: the deadline runs from the answer
    expect(state(t)).toEqual({ session: 'negotiating' });
    t.answered();
    t.report(0);
    t.clock.increment(4999);
    expect(state(t)).toEqual({ session: 'awaitingFirstFrame' });
    t.clock.increment(1);
    expect(state(t)).toBe('retrying');
    expect(t.peer().stopped).toBe(true);
    expect(t.problem()).toBe(true);
    t.clock.increment(1000);
    expect(t.peers).toHaveLength(2);
    expect(t.peer().input.whepUrl).toBe('/whep/1/hd');
  });

  it('a picture that stops for 3 s is stalled (the player is told); frames again clear it, 2 s more retries', () => {
    const t = start('/whep/1/hd');
    t.answered();
    t.report(30);
    for (let second = 0; second < 5; second++) {
      t.clock.increment(1000);
      t.report(30);
    }
    expect(state(t)).toEqual({ session: { live: 'moving' } });
    expect(t.problem()).toBe(false);
    t.clock.increment(2999);
    expect(state(t)).toEqual({ session: { live: 'moving' } });
    t.clock.increment(1);
    expect(state(t)).toEqual({ session: 'stalled' });
    expect(t.problem()).toBe(true);
    t.report(0);
    expect(state(t)).toEqual({ session: 'stalled' });
    t.report(12);
    expect(state(t)).toEqual({ session: { live: 'moving' } });
    expect(t.problem()).toBe(false);
    expect(t.peers).toHaveLength(1);
    t.clock.increment(3000);
    t.clock.increment(1999);
    expect(state(t)).toEqual({ session: 'stalled' });
    t.clock.increment(1);
    expect(state(t)).toBe('retrying');
    expect(t.peers[0]!.stopped).toBe(true);
  });

  it('retries a failed peer with the growing backoff, gives up after MAX_ATTEMPTS and starts over when asked', () => {
    const t = start('/whep/1/hd');
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      t.peer().send({ type: 'peer.failed', reason: 'connection failed' });
      expect(state(t)).toBe('retrying');
      const ceiling = Math.min(8000, 1000 * 2 ** attempt);
      t.clock.increment(ceiling / 2 - 1);
      expect(t.peers).toHaveLength(attempt + 1);
      t.clock.increment(ceiling / 2 + 1);
      expect(t.peers).toHaveLength(attempt + 2);
    }
    expect(selectVideoFailed(t.seen())).toBe(false);
    t.peer().send({ type: 'peer.failed', reason: 'connection failed' });
    expect(state(t)).toBe('failed');
    expect(selectVideoFailed(t.seen())).toBe(true);
    t.clock.increment(60_000);
    expect(t.peers).toHaveLength(MAX_ATTEMPTS + 1);
    t.link().send({ type: 'video.retry' });
    expect(state(t)).toEqual({ session: 'negotiating' });
    expect(t.peers).toHaveLength(MAX_ATTEMPTS + 2);
  });

  it('a picture that keeps moving for 10 s resets the retries; one that shows a frame and stalls again does not', () => {
    const t = start('/whep/1/hd');
    for (let i = 0; i < 3; i++) {
      t.peer().send({ type: 'peer.failed', reason: 'x' });
      t.clock.increment(8000);
    }
    t.answered();
    t.report(1);
    expect(t.problem()).toBe(false);
    // One frame, then nothing: stalled, then a new session, and the count goes on.
    t.clock.increment(3000);
    expect(state(t)).toEqual({ session: 'stalled' });
    t.clock.increment(2000);
    expect(state(t)).toBe('retrying');
    expect(t.link().getSnapshot().context.attempts).toBe(4);
    t.clock.increment(8000);
    t.answered();
    for (let second = 0; second < 10; second++) {
      t.report(30);
      t.clock.increment(1000);
    }
    expect(t.link().getSnapshot().context.attempts).toBe(0);
    t.peer().send({ type: 'peer.failed', reason: 'x' });
    t.clock.increment(999);
    expect(t.link().getSnapshot().value).toEqual({ session: 'negotiating' });
  });

  it('a peer that cannot start is retried like a failed one', () => {
    let starts = 0;
    const link = videoLinkMachine.provide({
      actors: {
        peer: fromCallback(() => {
          starts += 1;
          throw new Error('no WebRTC here');
        }),
      },
    });
    const parent = setup({ actors: { link } }).createMachine({ invoke: { id: 'link', src: 'link', input: { whepUrl: '/w', token: 't' } } });
    const clock = new SimulatedClock();
    const actor = createActor(parent, { clock }).start();
    expect(actor.getSnapshot().children.link!.getSnapshot().value).toBe('retrying');
    clock.increment(1000);
    expect(starts).toBe(2);
  });

  it('lets its WHEP session go when the page goes away, and starts a new one when it comes back', () => {
    const t = start('/whep/1/hd');
    t.answered();
    t.report(30);
    t.page('page.hidden');
    expect(state(t)).toBe('suspended');
    expect(t.peer().stopped).toBe(true);
    t.clock.increment(60_000);
    expect(t.peers).toHaveLength(1);
    t.page('page.shown');
    expect(t.peers).toHaveLength(2);
    expect(t.peer().input.whepUrl).toBe('/whep/1/hd');
  });

  it('switches band: a new session on the other band, the same band changes nothing', () => {
    const t = start('/whep/1/hd');
    t.answered();
    t.report(30);
    t.link().send({ type: 'video.play', whepUrl: '/whep/1/hd' });
    expect(t.peers).toHaveLength(1);
    t.link().send({ type: 'video.play', whepUrl: '/whep/1/sd' });
    expect(t.peers).toHaveLength(2);
    expect(t.peers[0]!.stopped).toBe(true);
    expect(t.peer().input.whepUrl).toBe('/whep/1/sd');
    expect(state(t)).toEqual({ session: 'negotiating' });
    // While retrying, too: the new band at once.
    t.peer().send({ type: 'peer.failed', reason: 'x' });
    t.link().send({ type: 'video.play', whepUrl: '/whep/1/hd' });
    expect(t.peers).toHaveLength(3);
    expect(t.peer().input.whepUrl).toBe('/whep/1/hd');
  });

  it('stopping the link (the player leaves) stops its peer', () => {
    const t = start('/whep/1/hd');
    t.actor.stop();
    expect(t.peer().stopped).toBe(true);
  });
});

describe('videoLink machine: the operator refusing the video', () => {
  it('keeps the code a WHEP refusal carried (70000) until the picture moves, and still retries with the backoff', () => {
    const t = start('/whep/1/hd');
    t.peer().send({ type: 'peer.failed', reason: 'WHEP answered 503 (70000)', refusal: { code: 70000, params: {} } });
    expect(selectVideoRefusal(t.seen())).toEqual({ code: 70000, params: {} });
    expect(state(t)).toBe('retrying');
    // A failure without a code says nothing more: the refusal stays shown.
    t.clock.increment(1000);
    t.peer().send({ type: 'peer.failed', reason: 'connection failed' });
    expect(selectVideoRefusal(t.seen())).toEqual({ code: 70000, params: {} });
    // A picture that moves ends it.
    t.clock.increment(2000);
    t.answered();
    t.report(30);
    expect(selectVideoRefusal(t.seen())).toBeNull();
    expect(t.problem()).toBe(false);
  });
});
