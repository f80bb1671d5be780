import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FloorCode } from '../../protocol/sockets.ts';
import { call, loginToken, startTestSimulator, type TestSimulator } from './helpers.ts';
import { machineSocket, notificationSocket } from './sockets.ts';

// Real time, scaled down: a 2-minute reservation lasts 1.2 s, a spin 20 ms.
const SCALE = 0.01;
const FREE_MACHINE = 1;
const OTHER_FREE_MACHINE = 2;

let t: TestSimulator;
let token: string;
beforeEach(async () => {
  t = await startTestSimulator({ now: Date.now, timerScale: SCALE, rngSeed: 'floor-tests' });
  token = await loginToken(t);
});
afterEach(async () => {
  expect(t.sim.floor.context.ledger.audit().difference).toBe(0);
  await t.close();
});

async function join(machineId = FREE_MACHINE, withToken = token) {
  const socket = await machineSocket(t.url, withToken);
  socket.send({ type: 'init', machineID: machineId, token: withToken });
  const joined = await socket.next('joined');
  return { socket, joined };
}

describe('machine socket', () => {
  it('joins a free machine: bands, hot coins, state, balance and an open session', async () => {
    const { joined } = await join();
    expect(joined.machine).toMatchObject({ id: FREE_MACHINE, brand: 'Golden Reels' });
    expect(joined.bands.length).toBeGreaterThanOrEqual(2);
    expect(joined.bands[0]!.whepUrl).toBe(`/whep/${FREE_MACHINE}/${joined.bands[0]!.id}`);
    expect(joined.hotCoins).toEqual([500, 5000, 10000, 50000, 100000]);
    expect(joined.balance).toBe(100000);
    expect(joined.state).toMatchObject({ credits: 0, status: 'playing' });
    expect(t.sim.floor.machine(FREE_MACHINE)?.status).toBe('playing');
  });

  it('keeps the bet at or above the machine\'s minimum, and a new player starts at its opening bet, not the last one\'s', async () => {
    const minBet = t.sim.floor.machine(FREE_MACHINE)!.screen().bet; // the seed's opening bet is the minimum (20)
    const { socket } = await join();
    const press = async (button: 'betUp' | 'betDown' | 'lines', id: string) => {
      socket.send({ type: 'button', button, requestId: id });
      await socket.next('ack', (a) => a.requestId === id);
      return socket.frames.findLast((f) => f.type === 'state')!.state;
    };
    // At the minimum: fewer lines or a lower bet per line would go under it, so neither moves.
    expect(await press('lines', 'l1')).toMatchObject({ lines: 20, bet: minBet });
    expect(await press('betDown', 'd1')).toMatchObject({ betPerLine: 1, bet: minBet });
    await press('betUp', 'u1');
    await press('betUp', 'u2'); // 5 per line
    // Lines skips the steps under the minimum: 1 line (5) no, 5 lines (25) yes.
    const chosen = await press('lines', 'l2');
    expect(chosen).toMatchObject({ betPerLine: 5, lines: 5, bet: 25 });
    socket.send({ type: 'cashout', requestId: 'out' });
    await socket.next('balance');
    await expect.poll(() => t.sim.floor.machine(FREE_MACHINE)?.status).toBe('free');

    // The seed's player2 holds machine 7: paid out first, so they may take this one.
    t.sim.floor.machine(7)!.endSession('cashout');
    const other = await loginToken(t, 'player2', 'player2pass');
    const { joined } = await join(FREE_MACHINE, other);
    expect(joined.state).toMatchObject({ betPerLine: 1, lines: 20, bet: minBet });
  });

  it('reports a spin the way a physical machine does: the bet at the start, the outcome and the meters at the stop', async () => {
    const { socket } = await join();
    socket.send({ type: 'transfer', amount: 5000, requestId: 'tx' });
    await socket.next('ack', (a) => a.requestId === 'tx');
    let credits = 5000;
    let won = 0;
    for (let i = 0; i < 40 && won === 0; i++) {
      const from = socket.frames.length;
      socket.send({ type: 'button', button: 'spin', requestId: `s${i}` });
      const start = await socket.next('spinStart');
      const spin = await socket.next('spin');
      const arrived = Date.now();
      await socket.next('ack', (a) => a.requestId === `s${i}`);
      const between = socket.frames.slice(from, socket.frames.indexOf(spin));
      // Until the stop, nothing says what the reels will show or what they pay.
      expect(between.filter((f) => f.type === 'state').map((f) => f.state)).toEqual([expect.objectContaining({ credits: credits - start.spin.bet, win: 0 })]);
      expect(between.some((f) => f.type === 'balance')).toBe(false);
      // The outcome comes at the stop (the operator's clock is this one), then the meters.
      expect(arrived).toBeGreaterThanOrEqual(start.spin.settlesAt - 2);
      expect(spin.outcome.bet).toBe(start.spin.bet);
      const after = socket.frames.slice(socket.frames.indexOf(spin)).find((f) => f.type === 'state');
      expect(after?.state).toMatchObject({ credits: credits - start.spin.bet + spin.outcome.totalWin, win: spin.outcome.totalWin });
      credits = after!.state.credits;
      won = spin.outcome.totalWin;
    }
    expect(won).toBeGreaterThan(0);
  });

  it("tells the session's books — time played, bets and wins — with the join and at each stop, never at a spin's start", async () => {
    const { socket, joined } = await join();
    expect(joined.session).toMatchObject({ bets: 0, wins: 0, cashIn: 0 });
    expect(joined.session.playedMs).toBeGreaterThanOrEqual(0);
    socket.send({ type: 'transfer', amount: 5000, requestId: 'tx' });
    expect((await socket.next('session')).session).toMatchObject({ cashIn: 5000, bets: 0, wins: 0 });
    await socket.next('ack', (a) => a.requestId === 'tx');
    let bets = 0;
    let wins = 0;
    let played = joined.session.playedMs!;
    // (This seed's fourth spin awards free spins, which the machine plays by itself.)
    for (let i = 0; i < 3; i++) {
      const from = socket.frames.length;
      socket.send({ type: 'button', button: 'spin', requestId: `s${i}` });
      const spin = await socket.next('spin');
      await socket.next('ack', (a) => a.requestId === `s${i}`);
      // Until the stop the books say nothing: what the spin won is the stop's to tell.
      expect(socket.frames.slice(from, socket.frames.indexOf(spin)).some((f) => f.type === 'session')).toBe(false);
      const books = (await socket.next('session', (s) => s.session.spins === i + 1)).session;
      bets += spin.outcome.bet;
      wins += spin.outcome.totalWin + spin.outcome.jackpotWin;
      expect(books).toMatchObject({ bets, wins, cashIn: 5000 });
      // At least a spin's time later (20 ms at this scale).
      expect(books.playedMs).toBeGreaterThan(played);
      played = books.playedMs!;
    }
  });

  it("a transfer or a join while the reels turn does not tell what the spin won: the books hold it back until the stop", async () => {
    const { socket } = await join();
    socket.send({ type: 'transfer', amount: 5000, requestId: 'tx' });
    await socket.next('ack', (a) => a.requestId === 'tx');
    // This seed's first spin wins nothing, its second wins: the second turns for real (2 s).
    socket.send({ type: 'button', button: 'spin', requestId: 's0' });
    await socket.next('session', (s) => s.session.spins === 1);
    await call(`${t.url}/sim/timers`, { method: 'PUT', body: { scale: 1 } });
    socket.send({ type: 'button', button: 'spin', requestId: 's1' });
    await socket.next('spinStart');
    socket.send({ type: 'transfer', amount: 500, requestId: 'tx2' });
    const during = (await socket.next('session', (s) => s.session.cashIn === 5500)).session;
    expect(during).toMatchObject({ spins: 2, bets: 40, wins: 0 });
    // The same player's second tab takes the machine while the reels still turn.
    const again = await join();
    expect(again.joined.session).toMatchObject({ spins: 2, bets: 40, wins: 0 });
    const spin = await again.socket.next('spin', undefined, 5000);
    expect(spin.outcome.totalWin).toBeGreaterThan(0);
    const after = (await again.socket.next('session')).session;
    expect(after).toMatchObject({ bets: 40, wins: spin.outcome.totalWin + spin.outcome.jackpotWin });
  });

  it('transfers hot coins, spins on the real game, and cashes out to the wallet', async () => {
    const { socket } = await join();
    socket.send({ type: 'transfer', amount: 5000, requestId: 'tx-1' });
    expect((await socket.next('balance')).balance).toBe(95000);
    expect((await socket.next('state')).state.credits).toBe(5000);
    await socket.next('ack', (a) => a.requestId === 'tx-1');

    socket.send({ type: 'button', button: 'spin' });
    const spin = await socket.next('spin');
    expect(spin.outcome.reels).toHaveLength(5);
    expect(spin.outcome.reels.every((reel) => reel.length === 3)).toBe(true);
    const bet = spin.outcome.bet;
    expect(bet).toBe(20); // 1 per line × 20 lines
    const state = await socket.next('state');
    expect(state.state.credits).toBe(5000 - bet + spin.outcome.totalWin);

    await new Promise((r) => setTimeout(r, 60));
    socket.send({ type: 'cashout', requestId: 'out-1' });
    const balance = await socket.next('balance');
    expect(balance.balance).toBe(95000 + state.state.credits);
    expect((await socket.closed).code).toBe(1000);
    expect(t.sim.floor.machine(FREE_MACHINE)?.status).toBe('free');
  });

  it('a retried transfer with the same request id moves money once', async () => {
    const { socket } = await join();
    socket.send({ type: 'transfer', amount: 500, requestId: 'same' });
    socket.send({ type: 'transfer', amount: 500, requestId: 'same' });
    await socket.next('ack');
    await socket.next('ack');
    expect(t.sim.floor.context.ledger.credits(FREE_MACHINE)).toBe(500);
    expect(t.sim.floor.context.ledger.balance(1)).toBe(99500);
  });

  it('refuses a transfer that is not a hot coin, above the wallet, or above the all-in limit', async () => {
    const { socket } = await join();
    socket.send({ type: 'transfer', amount: 123 });
    expect((await socket.next('error')).code).toBe(40000);
    socket.send({ type: 'transfer', amount: -500 });
    expect((await socket.next('error')).code).toBe(40000);
    socket.send({ type: 'transfer', amount: 100000 });
    await socket.next('ack');
    socket.send({ type: 'transfer', amount: 500 });
    expect((await socket.next('error')).code).toBe(FloorCode.insufficientFunds);
    await call(`${t.url}/sim/settings`, { method: 'PUT', body: { MAX_ALL_IN_LIMIT: 100000 } });
    socket.send({ type: 'cashout' });
    await socket.closed;
    const again = await join(OTHER_FREE_MACHINE);
    again.socket.send({ type: 'transfer', amount: 100000 });
    await again.socket.next('ack');
    again.socket.send({ type: 'transfer', amount: 500 });
    expect((await again.socket.next('error')).code).toBe(FloorCode.aboveAllInLimit);
  });

  it('refuses a spin without credits, and garbage frames without closing', async () => {
    const { socket } = await join();
    socket.send({ type: 'button', button: 'spin' });
    expect((await socket.next('error')).code).toBe(FloorCode.noCredits);
    socket.sendRaw('not json');
    expect((await socket.next('error')).code).toBe(40000);
    socket.send({ type: 'teleport' });
    expect((await socket.next('error')).code).toBe(40000);
    socket.send({ type: 'button', button: 'spin', extra: 'ignored' });
    expect((await socket.next('error')).code).toBe(FloorCode.noCredits);
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
  });

  it('bet buttons change the bet within the game levels', async () => {
    const { socket } = await join();
    socket.send({ type: 'button', button: 'betUp' });
    expect((await socket.next('state')).state).toMatchObject({ betPerLine: 2, bet: 40 });
    socket.send({ type: 'button', button: 'maxBet' });
    expect((await socket.next('state')).state).toMatchObject({ betPerLine: 100, lines: 20, bet: 2000 });
    socket.send({ type: 'button', button: 'lines' });
    expect((await socket.next('state')).state.lines).toBe(1);
    socket.send({ type: 'button', button: 'betDown' });
    expect((await socket.next('state')).state.betPerLine).toBe(50);
  });

  it('autoplay spins by itself until switched off, and collect pays the credits to the wallet', async () => {
    const { socket } = await join();
    socket.send({ type: 'transfer', amount: 500 });
    await socket.next('ack');
    socket.send({ type: 'autoplay', on: true, requestId: 'auto' });
    await socket.next('ack', (a) => a.requestId === 'auto');
    await socket.next('spin');
    await socket.next('spin');
    socket.send({ type: 'autoplay', on: false });
    await socket.next('state', (s) => !s.state.autoplay);
    await new Promise((r) => setTimeout(r, 80));
    const spins = t.sim.floor.context.machines.openSessionOf(1, FREE_MACHINE)!.spins;
    expect(spins).toBeGreaterThanOrEqual(2);
    const credits = t.sim.floor.context.ledger.credits(FREE_MACHINE);
    socket.send({ type: 'button', button: 'collect' });
    expect((await socket.next('balance', (b) => b.balance === 99500 + credits)).balance).toBe(99500 + credits);
    expect(t.sim.floor.context.ledger.credits(FREE_MACHINE)).toBe(0);
    expect(t.sim.floor.machine(FREE_MACHINE)?.status).toBe('playing');
  });

  it('refuses fractional amounts and oversized frames without touching money, and answers pings', async () => {
    const { socket } = await join();
    socket.send({ type: 'transfer', amount: 500.5 });
    expect((await socket.next('error')).code).toBe(40000);
    socket.send({ type: 'ping' });
    await socket.next('pong');
    socket.sendRaw(JSON.stringify({ type: 'transfer', amount: 500, junk: 'x'.repeat(20_000) }));
    expect((await socket.closed).code).toBe(1009);
    expect(t.sim.floor.context.ledger.balance(1)).toBe(100000);
  });

  it('a taken machine refuses another player, an out-of-service one refuses everyone', async () => {
    await join();
    const other = await loginToken(t, 'player2', 'player2pass');
    const socket = await machineSocket(t.url, other);
    socket.send({ type: 'init', machineID: FREE_MACHINE, token: other });
    expect((await socket.next('error')).code).toBe(FloorCode.machineBusy);
    expect((await socket.closed).code).toBe(4004);

    const broken = await machineSocket(t.url, token);
    broken.send({ type: 'init', machineID: 4, token });
    expect((await broken.next('error')).code).toBe(FloorCode.machineUnavailable);
    const unknown = await machineSocket(t.url, token);
    unknown.send({ type: 'init', machineID: 999, token });
    expect((await unknown.next('error')).code).toBe(FloorCode.unknownMachine);
  });

  it('a second connection of the same player takes over and the first gets a quit', async () => {
    const first = await join();
    const second = await join();
    expect((await first.socket.next('quit')).reason).toBe('replaced');
    expect((await first.socket.closed).code).toBe(4001);
    expect(second.joined.state.status).toBe('playing');
  });

  it('a socket without a valid token is refused', async () => {
    const socket = await machineSocket(t.url, 'forged.token.value');
    expect((await socket.next('error')).code).toBe(10);
    expect((await socket.closed).code).toBe(4401);
  });
});

describe('who may watch a machine (WHEP bearer token)', () => {
  const offer = (machineId: number, bearer?: string) =>
    fetch(`${t.url}/whep/${machineId}/hd`, {
      method: 'POST',
      headers: { 'content-type': 'application/sdp', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
      // Not a usable offer: a 400 says the request got past the check, before any encoder starts.
      body: 'v=0',
    });

  it('only the player on the machine: no token 401, another player 403, the player past the check', async () => {
    const none = await offer(FREE_MACHINE);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    expect((await offer(FREE_MACHINE, 'forged.token.value')).status).toBe(401);
    // Before the join, not even the player's own token opens the video.
    expect((await offer(FREE_MACHINE, token)).status).toBe(403);

    await join();
    const other = await loginToken(t, 'player2', 'player2pass');
    expect((await offer(FREE_MACHINE, other)).status).toBe(403);
    expect((await offer(FREE_MACHINE, token)).status).toBe(400);
    expect(t.sim.video.activeEncoders()).toBe(0);
  });
});

describe('session timers and the reconnect path', () => {
  it('no credits: 18800 counts down, then 18801, close session, and the machine is free', async () => {
    const { socket } = await join();
    const first = await socket.next('info', (i) => i.info.code === 18800, 3000);
    expect(first.info.params).toEqual({ count: 10 });
    expect(first.info.message).toBe('{count} seconds left to deposit funds');
    await socket.next('info', (i) => i.info.code === 18800 && i.info.params.count === 9);
    const end = await socket.next('info', (i) => i.info.code === 18801, 3000);
    expect(end.info.action).toBe('closeSession');
    expect((await socket.next('closeSession')).code).toBe(18801);
    await socket.closed;
    expect(t.sim.floor.machine(FREE_MACHINE)?.status).toBe('free');
  });

  it('an accepted action ends a close warning', async () => {
    const { socket } = await join();
    await call(`${t.url}/sim/warn`, { body: { machineId: FREE_MACHINE, code: 18802, count: 30 } });
    await socket.next('info', (i) => i.info.code === 18802 && i.info.params.count === 30);
    socket.send({ type: 'transfer', amount: 500, requestId: 'keep-me' });
    await socket.next('ack', (a) => a.requestId === 'keep-me');
    const before = socket.frames.length;
    await new Promise((r) => setTimeout(r, 100));
    expect(socket.frames.slice(before).some((f) => f.type === 'info' && f.info.code === 18802)).toBe(false);
    socket.send({ type: 'cashout' });
    await socket.closed;
  });

  it('a dropped player keeps the machine (waiting), sees the open session, and may continue', async () => {
    const notes = await notificationSocket(t.url, token);
    notes.send({ type: 'init', id: 1 });
    await notes.next('ready');
    const { socket } = await join();
    socket.send({ type: 'transfer', amount: 500 });
    await socket.next('ack');
    await call(`${t.url}/sim/drop`, { body: { username: 'demo' } });
    await socket.closed;
    const reconnect = await notificationSocket(t.url, token);
    reconnect.send({ type: 'init', id: 1 });
    const open = await reconnect.next('session', (s) => s.session.id === FREE_MACHINE);
    expect(open.session).toMatchObject({ status: 'open', machine_status: 'waiting' });
    const again = await join();
    expect(again.joined.state).toMatchObject({ credits: 500, status: 'playing' });
  });

  it('a reservation lapses: credits go back to the wallet and the machine is freed', async () => {
    const { socket } = await join();
    socket.send({ type: 'transfer', amount: 5000 });
    await socket.next('ack');
    socket.close();
    await socket.closed;
    await expect.poll(() => t.sim.floor.machine(FREE_MACHINE)?.status, { timeout: 4000 }).toBe('free');
    expect(t.sim.floor.context.ledger.balance(1)).toBe(100000);
  });

  it('kick removes the other connection and keeps the session; cancel cashes it out', async () => {
    const { socket } = await join();
    socket.send({ type: 'transfer', amount: 500 });
    await socket.next('ack');
    const kick = await call(`${t.url}/api/player/kick`, { body: { machineId: FREE_MACHINE }, token });
    expect(kick.status).toBe(200);
    expect((await socket.next('quit')).reason).toBe('kicked');
    expect(t.sim.floor.machine(FREE_MACHINE)?.status).toBe('waiting');
    const cancel = await call(`${t.url}/api/player/cancel`, { body: { machineId: FREE_MACHINE }, token });
    expect(cancel.status).toBe(200);
    expect(cancel.body).toMatchObject({ balance: 100000 });
    expect(t.sim.floor.machine(FREE_MACHINE)?.status).toBe('free');
    const again = await call(`${t.url}/api/player/cancel`, { body: { machineId: FREE_MACHINE }, token });
    expect(again.status).toBe(409);
    const bad = await call(`${t.url}/api/player/kick`, { body: { machineId: 'one' }, token });
    expect(bad.status).toBe(400);
  });

  it('the notification socket pushes machine status changes to everyone and balances to the player', async () => {
    const other = await loginToken(t, 'player2', 'player2pass');
    const watcher = await notificationSocket(t.url, other);
    watcher.send({ type: 'init', id: 2 });
    await watcher.next('ready');
    const mine = await notificationSocket(t.url, token);
    mine.send({ type: 'init', id: 1 });
    await mine.next('ready');
    const { socket } = await join();
    await watcher.next('machine', (m) => m.machine.id === FREE_MACHINE && m.machine.status === 'playing');
    socket.send({ type: 'transfer', amount: 500 });
    expect((await mine.next('balance', (b) => b.balance === 99500)).balance).toBe(99500);
    await call(`${t.url}/sim/machine-status`, { body: { machineId: 3, status: 'offline' } });
    await watcher.next('machine', (m) => m.machine.id === 3 && m.machine.status === 'offline');
    mine.send({ type: 'init', id: 2 });
    expect((await mine.next('error')).code).toBe(40000);
  });

  it('the operator removing the player sends a quit and cashes out', async () => {
    const { socket } = await join();
    socket.send({ type: 'transfer', amount: 500 });
    await socket.next('ack');
    await call(`${t.url}/sim/remove`, { body: { machineId: FREE_MACHINE } });
    expect((await socket.next('quit')).reason).toBe('removed');
    expect(t.sim.floor.context.ledger.balance(1)).toBe(100000);
  });
});
