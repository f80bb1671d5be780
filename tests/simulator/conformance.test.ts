import { execFile } from 'node:child_process';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { formatReport } from '../../scripts/conformance/report.ts';
import { runConformance, type CheckResult, type ConformanceOptions, type ConformanceReport } from '../../scripts/conformance/run.ts';
import { call, startTestSimulator, type TestSimulator } from './helpers.ts';

/**
 * The conformance suite (scripts/conformance.ts) against the simulator: green as it is, red with
 * a readable first difference against each broken variant (the control API's garbage, slow and
 * 500 faults, an answer of the wrong shape, a socket that sends wrong frames and ignores the end
 * of the session). Each test has its own simulator: the suite logs the player in, and a player
 * has one login session at a time.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DEMO = { user: 'demo', password: 'demo1234', pin: '1234' };

let t: TestSimulator | undefined;
const extra: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(extra.splice(0).map((close) => close()));
  await t?.close();
  t = undefined;
});

async function simulator(): Promise<TestSimulator> {
  // Real time (the reels settle on the clock); short floor timers.
  t = await startTestSimulator({ now: Date.now, timerScale: 0.1 });
  return t;
}

function optionsFor(sim: TestSimulator, overrides: Partial<ConformanceOptions> = {}): ConformanceOptions {
  const ws = sim.url.replace(/^http/, 'ws');
  return {
    api: `${sim.url}/api`,
    machineWs: `${ws}/ws/machine`,
    notificationWs: `${ws}/ws/notification`,
    site: sim.url,
    ...DEMO,
    budget: 10_000,
    timeoutMs: 3_000,
    promo: false,
    ...overrides,
  };
}

const failures = (report: ConformanceReport): CheckResult[] => report.results.filter((result) => result.status === 'fail');

async function fault(sim: TestSimulator, body: Record<string, unknown>): Promise<void> {
  const answer = await call(`${sim.url}/sim/fault`, { body });
  expect(answer.status).toBe(200);
}

// Each walk ends with the fair-share checks, which wait out closes and held refusals.
describe('the conformance suite against the simulator', { timeout: 30_000 }, () => {
  it('passes every check, stays within its budget and cashes out what it moved', async () => {
    const sim = await simulator();
    const report = await runConformance(optionsFor(sim));
    expect(failures(report), formatReport(report)).toEqual([]);
    expect(report.results.filter((result) => result.status === 'skip')).toEqual([]);
    expect(report.exitCode).toBe(0);
    // Every area ran, with the checks the client depends on.
    const names = report.results.map((result) => `${result.area}: ${result.name}`);
    for (const expected of [
      'access: no bearer token: 401 (the client logs out)',
      'money: the same transfer again (same id): ack duplicate: true, nothing moves',
      'money: the same id for a transfer of another amount: error 60015, nothing moves',
      'video: WHEP POST with the bearer: 201, SDP answer, Location; DELETE it with the bearer',
      'video: WHEP POST by a player who left the machine: 403',
      "reconnect: POST /player/kick: the machine socket gets quit 'kicked' and closes 4002; POST /player/cancel then frees the machine",
      'session end: the machine socket gets error 50100, then closes 4401 "50100"',
      'account: a wrong old password: 403 40001, counted like a wrong login (Params.left_count)',
      'fair share: a 1 MB frame on the notification socket: it closes 1009, nothing else',
      'fair share: a flood of 5,000 pings on one socket: error 10708, then close 1008 "10708"',
      'fair share: 30 logins at once from one address: the excess answers 429 10708 with Retry-After',
    ]) {
      expect(names).toContain(expected);
    }
    expect(report.staked).toBeLessThanOrEqual(10_000);
    // Nothing left on a machine: the wallet is what the suite saw after its cash-out.
    const player = sim.sim.store.playerByUsername('demo')!;
    expect(sim.sim.floor.context.ledger.balance(player.id)).toBe(report.wallet.after);
    expect(report.wallet.before! - report.wallet.after!).toBeLessThanOrEqual(report.staked);
    expect(formatReport(report)).toMatch(/CONFORMS$/);
  });

  it("under a jurisdiction's rules (de): the protection area probes each rule the join tells, and the floor passes them all", async () => {
    const sim = await simulator();
    expect((await call(`${sim.url}/sim/settings`, { method: 'PUT', body: { JURISDICTION: 'de' } })).status).toBe(200);
    const report = await runConformance(optionsFor(sim));
    expect(failures(report), formatReport(report)).toEqual([]);
    expect(report.exitCode).toBe(0);
    const names = report.results.filter((result) => result.area === 'protection').map((result) => result.name);
    expect(names).toEqual([
      'POST /player/protection/panic without a token: 401 (never pressed: it locks the player out for 24 h)',
      "GET /player/protection: the player's reality-check interval is one the operator offers",
      'POST /player/protection/reality-check with 1 minute (not offered): 400 40000',
      'POST /player/protection/limit with an amount of 0 (no limit is 0): 400 40000, nothing set',
      "GET /player/protection/history: the player's own history, of the contract's kinds, newest first",
      "the join tells the rules of play, and they are the profile of Settings.json's JURISDICTION",
      "the join tells the reality checks' interval; an answer with no check waiting is acknowledged (a late one changes nothing)",
      'autoplay where the jurisdiction bans it: error 60019, no spin',
      'Max bet stays within the largest stake (100); Bet up beyond it: error 60018',
      'a spin sooner than the game cycle: error 60017 with Params.wait_ms, or an ack no sooner than the cycle',
    ]);
    expect(report.staked).toBeLessThanOrEqual(10_000);
    const player = sim.sim.store.playerByUsername('demo')!;
    // The probes cashed out what they moved (the session-end checks leave the machine reserved, empty).
    expect(sim.sim.floor.sessionsOf(player.id).map((machine) => sim.sim.floor.context.ledger.credits(machine.id))).toEqual([0]);
    expect(sim.sim.floor.context.ledger.auditPlayers()).toEqual([]);
  });

  it.each([
    [
      'uk',
      ['autoplay where the jurisdiction bans it: error 60019, no spin', 'a spin sooner than the game cycle: error 60017 with Params.wait_ms, or an ack no sooner than the cycle'],
      ['Max bet stays within the largest stake'],
      0,
    ],
    // Sweden's daily transfer limit: the first transfer is refused until it is set, then money moves.
    ['se', [], ['autoplay where the jurisdiction bans it', 'Max bet stays within the largest stake', 'a spin sooner than the game cycle'], 1],
  ])("under %s's rules: the protection area probes the rules that apply there, and the floor passes them", async (jurisdiction, probed, notProbed, limitChecks) => {
    const sim = await simulator();
    expect((await call(`${sim.url}/sim/settings`, { method: 'PUT', body: { JURISDICTION: jurisdiction } })).status).toBe(200);
    const report = await runConformance(optionsFor(sim));
    expect(failures(report), formatReport(report)).toEqual([]);
    expect(report.exitCode).toBe(0);
    const names = report.results.filter((result) => result.area === 'protection').map((result) => result.name);
    expect(names).toContain("the join tells the rules of play, and they are the profile of Settings.json's JURISDICTION");
    for (const name of probed) expect(names).toContain(name);
    for (const name of notProbed) expect(names.some((one) => one.startsWith(name))).toBe(false);
    const limits = report.results.filter((result) => result.area === 'money' && result.name.startsWith('limits the jurisdiction requires'));
    expect(limits.map((result) => result.status)).toEqual(Array(limitChecks).fill('pass'));
    expect(report.results.filter((result) => result.area === 'money').every((result) => result.status === 'pass')).toBe(true);
    expect(sim.sim.floor.context.ledger.auditPlayers()).toEqual([]);
  });

  it('under se, a second run (the daily transfer limit set by the first, which cannot be removed) conforms too', async () => {
    const sim = await simulator();
    expect((await call(`${sim.url}/sim/settings`, { method: 'PUT', body: { JURISDICTION: 'se' } })).status).toBe(200);
    expect((await runConformance(optionsFor(sim))).exitCode).toBe(0);
    // The first run leaves the machine it ended on reserved, empty (it lapses): freed, as a player would.
    const player = sim.sim.store.playerByUsername('demo')!;
    for (const machine of sim.sim.floor.sessionsOf(player.id)) sim.sim.floor.cancel(player.id, machine.id);
    const again = await runConformance(optionsFor(sim));
    expect(failures(again), formatReport(again)).toEqual([]);
    expect(again.results.filter((result) => result.status === 'skip')).toEqual([]);
    expect(again.exitCode).toBe(0);
  });

  it('fails the protection area, with the difference, where the floor plays by other rules than Settings.json names', async () => {
    const sim = await simulator();
    expect((await call(`${sim.url}/sim/settings`, { method: 'PUT', body: { JURISDICTION: 'de' } })).status).toBe(200);
    // A Settings.json elsewhere that names the UK: the floor still plays Germany's rules.
    const settings = await call(`${sim.url}/Settings.json`);
    const other = createServer((_, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ ...(settings.body as object), JURISDICTION: 'uk' }));
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    extra.push(() => new Promise((resolve) => other.close(() => resolve())));
    const settingsUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}/Settings.json`;
    const report = await runConformance(optionsFor(sim, { settingsUrl }));
    const failed = failures(report);
    expect(failed.map((result) => `${result.area}: ${result.name}`)).toEqual(["protection: the join tells the rules of play, and they are the profile of Settings.json's JURISDICTION"]);
    expect(failed[0]!.detail).toMatch(/JURISDICTION uk is/);
    expect(report.exitCode).toBe(1);
  });

  it('never stakes more than the budget: a budget under the smallest transfer skips the money checks', async () => {
    const sim = await simulator();
    const report = await runConformance(optionsFor(sim, { budget: 100 }));
    expect(report.staked).toBe(0);
    expect(failures(report), formatReport(report)).toEqual([]);
    expect(report.results.filter((result) => result.area === 'money').every((result) => result.status === 'skip')).toBe(true);
    expect(report.exitCode).toBe(2);
    const player = sim.sim.store.playerByUsername('demo')!;
    expect(sim.sim.floor.context.ledger.balance(player.id)).toBe(100_000);
  });

  it('runs from the command line with the settings URL, printing the table, exit code 0', async () => {
    const sim = await simulator();
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['scripts/conformance.ts', '--settings', `${sim.url}/Settings.json`, '--user', 'demo', '--password', 'demo1234', '--pin', '1234'],
      { cwd: ROOT, timeout: 30_000 },
    );
    expect(stdout).toMatch(/^money\s+5\/5\s+PASS/m);
    expect(stdout).toMatch(/^session end\s+4\/4\s+PASS/m);
    expect(stdout).toMatch(/CONFORMS\n?$/);
  }, 30_000);

  it('exits 1 from the command line when something differs, and 3 on bad usage', async () => {
    const sim = await simulator();
    await fault(sim, { path: '/api/machine/all', status: 500 });
    const run = (args: string[]) =>
      promisify(execFile)(process.execPath, ['scripts/conformance.ts', ...args], { cwd: ROOT, timeout: 30_000 }).then(
        () => 0,
        (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
      );
    const failed = await run(['--settings', `${sim.url}/Settings.json`, '--user', 'demo', '--password', 'demo1234', '--pin', '1234']);
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stdout: string }).stdout).toMatch(/^lobby\s+2\/3\s+FAIL\s+GET \/machine\/all answers the machine list: GET \/machine\/all answered 500/m);
    expect(await run(['--user', 'demo'])).toMatchObject({ code: 3 });
  }, 30_000);
});

describe('the conformance suite against broken backends', { timeout: 30_000 }, () => {
  it('garbage instead of JSON: the balance check fails and says so', async () => {
    const sim = await simulator();
    await fault(sim, { path: '/api/player/balance', garbage: true });
    const report = await runConformance(optionsFor(sim));
    expect(report.exitCode).toBe(1);
    expect(failures(report)).toEqual([
      {
        area: 'auth',
        name: 'GET /player/balance answers BalanceResponse',
        status: 'fail',
        detail: 'GET /player/balance answered 200 with a body that is not JSON: "<html>not the JSON you asked for"',
      },
    ]);
  });

  it('a 500: the lobby fails with the status and body, and the machine checks that need it do not run', async () => {
    const sim = await simulator();
    await fault(sim, { path: '/api/machine/all', status: 500 });
    const report = await runConformance(optionsFor(sim));
    expect(report.exitCode).toBe(1);
    const [first, ...rest] = failures(report);
    expect(first).toMatchObject({ area: 'lobby', name: 'GET /machine/all answers the machine list' });
    expect(first?.detail).toBe(
      'GET /machine/all answered 500 {"code":500,"ErrorMessage":"simulated fault","Params":{"simulated":true}}, expected 200 (not an answer the contract has for this call: 200, 401)',
    );
    expect(rest).toEqual([]);
    expect(report.results.find((result) => result.name === 'init joins a free machine: joined')).toMatchObject({ status: 'skip' });
    expect(formatReport(report)).toMatch(/^lobby\s+2\/3\s+FAIL\s+GET \/machine\/all answers the machine list: GET \/machine\/all answered 500/m);
  });

  it('a slow operator: a call past the deadline fails with the wait', async () => {
    const sim = await simulator();
    // A deadline well above what every other call takes here, even on a busy machine.
    await fault(sim, { path: '/api/machine/brands', delayMs: 2_500 });
    const report = await runConformance(optionsFor(sim, { timeoutMs: 1_000 }));
    expect(report.exitCode).toBe(1);
    expect(failures(report)).toEqual([
      expect.objectContaining({ area: 'lobby', name: 'GET /machine/brands answers the brand list', detail: expect.stringMatching(/^GET http:\/\/.+\/api\/machine\/brands: no answer within 1000 ms$/) }),
    ]);
  });

  it('an answer of the wrong shape: the first difference names the field and the value', async () => {
    const sim = await simulator();
    // Major units as a string, the classic mistake.
    const proxy = await rewritingProxy(sim.url, '/api/player/balance', (body) => ({ balance: ((body as { balance: number }).balance / 100).toFixed(2) }));
    const report = await runConformance(optionsFor(sim, { api: `${proxy}/api` }));
    expect(report.exitCode).toBe(1);
    const differences = failures(report).map((failure) => failure.detail);
    expect(differences[0]).toBe('GET /player/balance 200: $.balance: must be integer (got "1000.00")');
    // Every check that reads the balance says the same (with the balance of the moment); nothing else differs.
    for (const difference of differences) expect(difference).toMatch(/^GET \/player\/balance 200: \$\.balance: must be integer \(got "\d+\.\d\d"\)$/);
  });

  it('a notification socket that sends a wrong frame and outlives the session: both are named', async () => {
    const sim = await simulator();
    const fake = await fakeNotificationSocket();
    const report = await runConformance(optionsFor(sim, { notificationWs: fake, timeoutMs: 500 }));
    expect(report.exitCode).toBe(1);
    const byName = new Map(failures(report).map((failure) => [failure.name, failure.detail]));
    expect(byName.get('init is answered ready and the balance')).toBe('balance frame $.balance: must be integer (got "1000.00")');
    expect(byName.get('the notification socket gets error 50100, then closes 4401 "50100"')).toBe('the socket was still open 500 ms after the logout');
    expect(byName.get('the ended token: 401 50100 over REST, error and close 4401 on a socket')).toBe('the socket was still open 500 ms after opening with an ended token');
  });
});

/** An HTTP proxy to the simulator that rewrites the body of `path`'s 200 answers. */
async function rewritingProxy(target: string, path: string, rewrite: (body: unknown) => unknown): Promise<string> {
  const upstream = new URL(target);
  const server: Server = createServer((req, res) => {
    const forward = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        if (req.url?.split('?')[0] !== path || answer.statusCode !== 200) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = JSON.stringify(rewrite(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
          res.end(body);
        });
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  extra.push(() => new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  }));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A notification socket that answers init with a balance in major units as a string, and never closes. */
async function fakeNotificationSocket(): Promise<string> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((resolve) => wss.once('listening', resolve));
  wss.on('connection', (ws) => {
    ws.on('message', (data) => {
      let frame: { type?: string };
      try {
        frame = JSON.parse(String(data)) as { type?: string };
      } catch {
        return;
      }
      if (frame.type === 'init') {
        ws.send(JSON.stringify({ type: 'ready' }));
        ws.send(JSON.stringify({ type: 'balance', balance: '1000.00' }));
      } else if (frame.type === 'ping') ws.send(JSON.stringify({ type: 'pong' }));
    });
  });
  extra.push(() => new Promise((resolve) => {
    for (const client of wss.clients) client.terminate();
    wss.close(() => resolve());
  }));
  return `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/ws/notification`;
}
