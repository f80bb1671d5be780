import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { ROW_COUNT, SYMBOLS, type SymbolId } from '../../simulator/game/symbols.ts';
import { bandInfos, DEFAULT_BANDS, externalUrl, validateBands } from '../../simulator/video/bands.ts';
import { formatClock, formatMoney } from '../../simulator/video/format.ts';
import { reelScroll, reelView, ROWS_PER_MS, SETTLE_MS } from '../../simulator/video/reels.ts';
import { createRenderer, drawFrame, sharedStillLayers, stillLayerStore, type StillLayers } from '../../simulator/video/render.ts';
import { createRestamper, isRtp, PLAYOUT_DELAY_URI, playoutDelayId, withPlayoutDelay } from '../../simulator/video/rtp.ts';
import type { ScreenState } from '../../simulator/video/screen.ts';
import { checkOffer } from '../../simulator/video/sdp.ts';

/** The picture and the pure pieces of the video pipeline, without ffmpeg or a browser. */

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const REELS: SymbolId[][] = [
  ['cherry', 'seven', 'bell'],
  ['lemon', 'seven', 'wild'],
  ['plum', 'seven', 'bar'],
  ['orange', 'scatter', 'cherry'],
  ['bell', 'lemon', 'seven'],
];

function screen(overrides: Partial<ScreenState> = {}): ScreenState {
  return {
    machineId: 'm1',
    machineName: 'Golden Sevens',
    brand: 'Aurora Gaming',
    status: 'playing',
    credits: 123_456,
    bet: 200,
    lines: 20,
    win: 0,
    reels: REELS,
    spinning: null,
    winningLines: [],
    freeSpinsLeft: 0,
    autoplay: false,
    jackpot: 9_876_543,
    message: 'GOOD LUCK',
    ...overrides,
  };
}

function render(state: ScreenState | undefined, now = NOW, width = 640, height = 360, paylines?: number[][]): Uint8ClampedArray {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  drawFrame(ctx, width, height, { screen: state, now, frame: 42, paylines });
  return ctx.getImageData(0, 0, width, height).data;
}

function pixel(data: Uint8ClampedArray, width: number, x: number, y: number): [number, number, number] {
  const i = (y * width + x) * 4;
  return [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0];
}

/** Fraction of bytes that differ between two frames of the same size. */
function difference(a: Uint8ClampedArray, b: Uint8ClampedArray): number {
  let changed = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) changed++;
  return changed / a.length;
}

function close(actual: [number, number, number], expected: [number, number, number], tolerance = 40): boolean {
  return actual.every((channel, i) => Math.abs(channel - (expected[i] ?? 0)) <= tolerance);
}

describe('cabinet renderer', () => {
  it('draws the symbols of the final reels in their plate colours', () => {
    const data = render(screen());
    // Centre of reel 0 row 0 (cherry) and reel 3 row 1 (scatter), in the 640×360 design space:
    // reel x = 60 + reel × 105 (+50 to the centre), row y = 84 + row × 62 (+31). Sample a little
    // left of centre to miss the label text.
    const cherry = pixel(data, 640, 60 + 20, 84 + 31);
    const scatter = pixel(data, 640, 60 + 3 * 105 + 20, 84 + 62 + 45);
    expect(close(cherry, [0xd7, 0x26, 0x3d], 60), `cherry plate ${cherry}`).toBe(true);
    expect(close(scatter, [0x4c, 0xc9, 0xf0], 70), `star plate ${scatter}`).toBe(true);
  });

  it('fills the whole frame at every band size', () => {
    for (const band of DEFAULT_BANDS) {
      const data = render(screen(), NOW, band.width, band.height);
      expect(data.length).toBe(band.width * band.height * 4);
      // Opaque everywhere: the encoder gets no undefined alpha.
      for (let i = 3; i < data.length; i += 4 * 97) expect(data[i]).toBe(255);
    }
  });

  it('moves the reels while spinning and settles on the final symbols', () => {
    const spinning = { startedAt: NOW, stopsAt: [NOW + 1000, NOW + 1200, NOW + 1400, NOW + 1600, NOW + 1800] };
    const a = render(screen({ spinning }), NOW + 100);
    const b = render(screen({ spinning }), NOW + 133);
    expect(difference(a, b)).toBeGreaterThan(0.05);
    const stopped = render(screen(), NOW + 5000);
    const settled = render(screen({ spinning }), NOW + 1800 + SETTLE_MS + 1);
    // Once every reel has stopped, the window is the static picture (the clock aside).
    expect(difference(settled, stopped)).toBeLessThan(0.01);
  });

  it('keeps an idle picture moving (clock, frame counter, jackpot bulbs)', () => {
    const a = render(screen(), NOW);
    const canvas = createCanvas(640, 360);
    const ctx = canvas.getContext('2d');
    drawFrame(ctx, 640, 360, { screen: screen(), now: NOW + 1000, frame: 72 });
    expect(difference(a, ctx.getImageData(0, 0, 640, 360).data)).toBeGreaterThan(0);
  });

  it('draws with its cabinet kept between frames what a fresh renderer draws, and redraws it for another machine', () => {
    // The feeder's renderer keeps the unchanging cabinet as a layer: frame after frame, whatever
    // moved, the picture must be the one drawn from scratch — including after the name changed.
    const width = 1280;
    const height = 720;
    const kept = createRenderer(width, height);
    const canvas = createCanvas(width, height);
    const ctx = canvas.getContext('2d');
    const spinning = { startedAt: NOW, stopsAt: [NOW + 1000, NOW + 1200, NOW + 1400, NOW + 1600, NOW + 1800] };
    const frames: [ScreenState | undefined, number][] = [
      [screen(), NOW],
      [screen({ spinning }), NOW + 300],
      [screen({ win: 1500, winningLines: [0], credits: 1 }), NOW + 4000],
      [screen({ status: 'error' }), NOW + 4100],
      [undefined, NOW + 4200],
      [screen({ machineName: 'Lucky Bells', brand: 'Other Brand' }), NOW + 4300],
    ];
    for (const [i, [state, now]] of frames.entries()) {
      kept.draw(ctx, { screen: state, now, frame: i, paylines: [[1, 1, 1, 1, 1]] });
      const fresh = createCanvas(width, height);
      drawFrame(fresh.getContext('2d'), width, height, { screen: state, now, frame: i, paylines: [[1, 1, 1, 1, 1]] });
      expect(difference(ctx.getImageData(0, 0, width, height).data, fresh.getContext('2d').getImageData(0, 0, width, height).data), `frame ${i}`).toBe(0);
    }
  });

  it('shares the still layers between the renderers of one size: a later viewer of a machine paints none, another machine its own', () => {
    // A join's first frame is drawn while the viewer's ICE and DTLS wait for the same thread: a
    // machine and band watched before must not paint its cabinet again, and must still look its own.
    const width = 640;
    const height = 360;
    const store = stillLayerStore(2);
    const painted: string[] = [];
    const counting: StillLayers = {
      cabinet: (key, paint) => store.cabinet(key, () => (painted.push(key.split('\u0000')[1] ?? 'no signal'), paint())),
      glass: (paint) => store.glass(() => (painted.push('glass'), paint())),
    };
    const named = (machineName: string) => screen({ machineName });
    const viewer = (state: ScreenState) => {
      const canvas = createCanvas(width, height);
      createRenderer(width, height, counting).draw(canvas.getContext('2d'), { screen: state, now: NOW, frame: 3 });
      const fresh = createCanvas(width, height);
      drawFrame(fresh.getContext('2d'), width, height, { screen: state, now: NOW, frame: 3 });
      expect(difference(canvas.getContext('2d').getImageData(0, 0, width, height).data, fresh.getContext('2d').getImageData(0, 0, width, height).data), state.machineName).toBe(0);
    };
    viewer(named('Golden Sevens'));
    viewer(named('Golden Sevens'));
    expect(painted).toEqual(['Golden Sevens', 'glass']);
    viewer(named('Lucky Bells'));
    viewer(named('Golden Sevens'));
    expect(painted).toEqual(['Golden Sevens', 'glass', 'Lucky Bells']);
    // Two cabinets kept: a third machine's drops the one drawn longest ago (Lucky Bells).
    viewer(named('Fruit Party'));
    viewer(named('Golden Sevens'));
    viewer(named('Lucky Bells'));
    expect(painted).toEqual(['Golden Sevens', 'glass', 'Lucky Bells', 'Fruit Party', 'Lucky Bells']);
    // The simulator's own store is one per frame size.
    expect(sharedStillLayers(width, height)).toBe(sharedStillLayers(width, height));
    expect(sharedStillLayers(width, height)).not.toBe(sharedStillLayers(1280, 720));
  });

  it('overlays out-of-play statuses and a missing machine', () => {
    const playing = render(screen());
    for (const status of ['offline', 'error', 'malfunction', 'waiting', 'tryingCashout', 'inBonus'] as const) {
      expect(difference(render(screen({ status })), playing), status).toBeGreaterThan(0.02);
    }
    // OFFLINE dims the whole cabinet: the cherry plate is no longer bright red.
    const [r] = pixel(render(screen({ status: 'offline' })), 640, 80, 115);
    expect(r).toBeLessThan(120);
    expect(difference(render(undefined), playing)).toBeGreaterThan(0.3);
  });

  it('highlights winning lines with or without payline shapes', () => {
    const plain = render(screen({ win: 1500 }));
    const glowing = render(screen({ win: 1500, winningLines: [0] }));
    expect(difference(glowing, plain)).toBeGreaterThan(0.005);
    const drawn = render(screen({ win: 1500, winningLines: [0] }), NOW, 640, 360, [[1, 1, 1, 1, 1]]);
    expect(difference(drawn, glowing)).toBeGreaterThan(0.005);
  });

  it('never throws on odd screens', () => {
    const odd = screen({
      reels: [[], ['cherry']] as SymbolId[][],
      spinning: { startedAt: NOW, stopsAt: [] },
      credits: Number.NaN,
      bet: -5,
      lines: Number.POSITIVE_INFINITY,
      winningLines: [99, -1],
      message: 'x'.repeat(5000),
      machineName: '',
      brand: '',
    });
    expect(() => render(odd, NOW + 10, 640, 360, [[7, -3]])).not.toThrow();
    expect(() => render(odd, Number.NaN, 50, 20)).not.toThrow();
  });
});

describe('reel motion', () => {
  const spinning = { startedAt: NOW, stopsAt: [NOW + 1000] };

  it('lands exactly on the final symbols at the stop time', () => {
    const view = reelView(0, ['cherry', 'seven', 'bell'], spinning, NOW + 1000);
    expect(view.cells).toEqual([
      { symbol: 'cherry', y: 0 },
      { symbol: 'seven', y: 1 },
      { symbol: 'bell', y: 2 },
    ]);
    expect(view.blurred).toBe(false);
  });

  it('scrolls down at a steady speed before the stop, then bounces and rests', () => {
    expect(reelScroll(0, spinning, NOW + 500)).toBeCloseTo(ROWS_PER_MS * 500);
    expect(reelScroll(0, spinning, NOW + 1000 + SETTLE_MS / 2)).toBeLessThan(0);
    expect(reelScroll(0, spinning, NOW + 1000 + SETTLE_MS)).toBe(0);
    expect(reelScroll(0, null, NOW)).toBe(0);
    const a = reelView(0, ['cherry', 'seven', 'bell'], spinning, NOW + 500);
    const b = reelView(0, ['cherry', 'seven', 'bell'], spinning, NOW + 510);
    expect(a.blurred).toBe(true);
    // The same strip symbol moves down by speed × time.
    const first = a.cells[0];
    const moved = b.cells.find((cell) => cell.symbol === first?.symbol && Math.abs(cell.y - (first?.y ?? 0) - ROWS_PER_MS * 10) < 1e-6);
    expect(moved).toBeDefined();
    for (const cell of a.cells) {
      expect(cell.y).toBeGreaterThan(-1);
      expect(cell.y).toBeLessThan(ROW_COUNT);
      expect(SYMBOLS).toContain(cell.symbol);
    }
  });
});

describe('formatting', () => {
  it('shows minor units as money with two decimals', () => {
    expect(formatMoney(0)).toBe('0.00');
    expect(formatMoney(5)).toBe('0.05');
    expect(formatMoney(123_456)).toBe('1,234.56');
    expect(formatMoney(-250)).toBe('-2.50');
    expect(formatMoney(Number.NaN)).toBe('0.00');
  });

  it('shows a clock and a frame counter', () => {
    expect(formatClock(NOW, 42)).toMatch(/^\d\d:\d\d:\d\d #000042$/);
  });
});

describe('bands', () => {
  it('lists WHEP URLs per band, under an optional base', () => {
    expect(bandInfos('m 1', DEFAULT_BANDS)[1]).toEqual({ id: 'hd', name: '360p', Order: 2, width: 640, height: 360, whepUrl: '/whep/m%201/hd' });
    // The player picks a band by its name: each names its real height.
    for (const band of DEFAULT_BANDS) expect(band.name).toBe(`${band.height}p`);
    expect(bandInfos('m1', DEFAULT_BANDS, 'http://sim:8080/')[2]?.whepUrl).toBe('http://sim:8080/whep/m1/sd');
  });

  it('has 720p, 360p and 180p, highest quality first (by Order)', () => {
    expect(DEFAULT_BANDS.map((band) => [band.name, band.Order, band.width, band.height])).toEqual([
      ['720p', 3, 1280, 720],
      ['360p', 2, 640, 360],
      ['180p', 1, 320, 180],
    ]);
    expect(() => validateBands(DEFAULT_BANDS)).not.toThrow();
  });

  it('refuses odd sizes and duplicate ids', () => {
    expect(() => validateBands([{ id: 'x', name: 'X', Order: 1, width: 641, height: 360 }])).toThrow();
    expect(() => validateBands([...DEFAULT_BANDS, DEFAULT_BANDS[0]!])).toThrow();
  });

  it('finds external URLs per band first, then per machine, never on the prototype', () => {
    const external = { 'm1/hd': 'https://cam/hd', m1: 'https://cam/any' };
    expect(externalUrl(external, 'm1', 'hd')).toBe('https://cam/hd');
    expect(externalUrl(external, 'm1', 'sd')).toBe('https://cam/any');
    expect(externalUrl(external, '__proto__', 'sd')).toBeUndefined();
    expect(externalUrl(undefined, 'm1', 'hd')).toBeUndefined();
  });
});

describe('offer checks', () => {
  const offer = (video: string) =>
    ['v=0', 'o=- 1 2 IN IP4 127.0.0.1', 's=-', 't=0 0', video, 'a=rtpmap:96 VP8/90000', 'a=recvonly', ''].join('\r\n');

  it('accepts a recvonly VP8 offer and names what is wrong otherwise', () => {
    expect(checkOffer(offer('m=video 9 UDP/TLS/RTP/SAVPF 96'))).toBeUndefined();
    expect(checkOffer('hello')).toBe('not-sdp');
    expect(checkOffer(offer('m=audio 9 UDP/TLS/RTP/SAVPF 96'))).toBe('no-video');
    expect(checkOffer(offer('m=video 9 UDP/TLS/RTP/SAVPF 96').replace('a=recvonly', 'a=sendonly'))).toBe('not-receiving');
    expect(checkOffer(offer('m=video 9 UDP/TLS/RTP/SAVPF 96').replace('VP8', 'H264'))).toBe('no-vp8');
  });
});

describe('RTP restamping', () => {
  function packet(timestamp: number, payloadType = 96): Buffer {
    const buffer = Buffer.alloc(20);
    buffer[0] = 0x80;
    buffer[1] = payloadType;
    buffer.writeUInt32BE(timestamp, 4);
    return buffer;
  }

  it('stamps frames by the wall clock so a stall does not make later frames look late', () => {
    let clock = 0;
    const restamper = createRestamper(() => clock);
    const a = packet(1000);
    const b = packet(1000);
    restamper.restamp(a);
    restamper.restamp(b);
    expect(b.readUInt32BE(4)).toBe(a.readUInt32BE(4)); // one frame, one timestamp
    clock = 5000; // a 5 s stall, while ffmpeg's clock moved one frame
    const c = packet(4000);
    restamper.restamp(c);
    expect((c.readUInt32BE(4) - a.readUInt32BE(4)) >>> 0).toBeGreaterThanOrEqual(5000 * 90 - 1);
    const d = packet(7000); // same millisecond: still a later, distinct timestamp
    restamper.restamp(d);
    expect((d.readUInt32BE(4) - c.readUInt32BE(4)) >>> 0).toBe(1);
  });

  it('refuses RTCP and junk', () => {
    expect(isRtp(packet(0, 200))).toBe(false);
    expect(isRtp(Buffer.from([1, 2, 3]))).toBe(false);
    expect(createRestamper().restamp(packet(0, 201))).toBe(false);
  });
});

describe('playout delay hint', () => {
  it('finds the id the viewer agreed to, and only a one-byte one', () => {
    const answer = (line: string) => `v=0\r\no=- 1 1 IN IP4 0.0.0.0\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\n${line}\r\na=rtpmap:96 VP8/90000\r\n`;
    expect(playoutDelayId(answer(`a=extmap:5 ${PLAYOUT_DELAY_URI}`))).toBe(5);
    expect(playoutDelayId(answer(`a=extmap:7/sendonly ${PLAYOUT_DELAY_URI}`))).toBe(7);
    expect(playoutDelayId(answer('a=extmap:5 urn:ietf:params:rtp-hdrext:sdes:mid'))).toBeUndefined();
    expect(playoutDelayId(answer(`a=extmap:15 ${PLAYOUT_DELAY_URI}`))).toBeUndefined();
  });

  it('puts min 0 / max 0 on a packet, keeping its header and payload', () => {
    const raw = Buffer.concat([Buffer.from([0x80, 0xe0, 0x01, 0x02, 0, 0, 0x0b, 0xb8, 0, 0, 0, 42]), Buffer.from('vp8 payload')]);
    const rtp = withPlayoutDelay(raw, 5);
    const out = rtp.serialize();
    expect(out[0]! & 0x10).toBe(0x10); // the extension bit
    expect(out[1]).toBe(0xe0); // marker and payload type kept
    expect(out.readUInt16BE(12)).toBe(0xbede); // one-byte header extensions
    expect(out.readUInt16BE(14)).toBe(1); // one 32-bit word
    expect([...out.subarray(16, 20)]).toEqual([(5 << 4) | 2, 0, 0, 0]); // id 5, 3 bytes: min 0, max 0
    expect(out.subarray(20).toString()).toBe('vp8 payload');
    expect(rtp.header.timestamp).toBe(3000);
  });
});
