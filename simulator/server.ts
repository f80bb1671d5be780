import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { z } from 'zod/mini';
import { JURISDICTIONS, realityCheckPolicy } from '../protocol/protection.ts';
import { DEFAULT_SETTINGS, SettingsOverrides } from '../protocol/settings.ts';
import { accountHistoryRoutes } from './api/account-history.ts';
import { accountRoutes } from './api/account.ts';
import { authenticate } from './api/authenticate.ts';
import type { ApiDeps } from './api/deps.ts';
import { loginRoutes } from './api/login.ts';
import { machineRoutes } from './api/machines.ts';
import { promoRoutes } from './api/promo.ts';
import { publicRoutes } from './api/public.ts';
import { SessionEnds } from './api/session-end.ts';
import { sessionRoutes } from './api/session.ts';
import { templateRoutes } from './api/template.ts';
import { createTokens, loadSigningKey } from './auth/tokens.ts';
import { controlRoutes } from './control/routes.ts';
import { protectionControlRoutes, protectionRoutes } from './api/protection.ts';
import { ProtectionStore } from './store/protection.ts';
import { ControlState } from './control/state.ts';
import { seedFleetOnce } from './fleet/seed.ts';
import { Floor } from './floor/floor.ts';
import { createEngine } from './floor/game.ts';
import { NotificationHub } from './notify/hub.ts';
import { floorControlRoutes, floorRoutes } from './floor/routes.ts';
import { attachSockets, type SocketServer } from './floor/sockets.ts';
import { DEFAULT_TIMINGS, scaleTimings } from './floor/timings.ts';
import { AddressGate } from './limits/address-gate.ts';
import { FAIR_SHARE } from './limits/policy.ts';
import { MachineStore } from './store/machines.ts';
import { createVideoService, type VideoOptions, type VideoService } from './video/index.ts';
import type { ScreenState } from './video/screen.ts';
import { answerClientError, createRequestHandler } from './handler.ts';
import { registerLedger } from './live.ts';
import { Router } from './http/router.ts';
import { createStaticFiles } from './http/static.ts';
import { loginFileName } from '../protocol/pages.ts';
import { lobbyPage, paintedBrand } from './http/lobbyPage.ts';
import { FleetStore } from './store/fleet.ts';
import { Ledger } from './store/ledger.ts';
import { RequestLog } from './store/requests.ts';
import { seedOnce } from './store/seed.ts';
import { openStore, type Store } from './store/store.ts';

/** The operator simulator: one HTTP server for the built client, the API and the control API. */

export interface SimulatorOptions {
  /** 0 picks a free port. Default 8080. */
  port?: number;
  /** Default 127.0.0.1; main.ts passes 0.0.0.0 to be reachable from the network. */
  host?: string;
  /** In-memory database (tests): nothing is written to disk. */
  memory?: boolean;
  /** Folder of reelside.sqlite when not in memory. Default '.data'. */
  dataDir?: string;
  /** The built client. Default 'dist'. */
  staticDir?: string;
  /** Served by /Settings.json over DEFAULT_SETTINGS (validated; bad values throw). */
  settings?: SettingsOverrides;
  /** Countries that may log in. Default TR, GB, US, DE, NL, BG. */
  allowedCountries?: string[];
  /** The country of visitors that do not pose as another (x-sim-country). Default 'TR'. */
  localCountry?: string;
  /** Token and session lifetime. Default 8 hours. */
  jwtTtlSeconds?: number;
  /** Mount the /sim control API. Default true. */
  control?: boolean;
  /** Clock in epoch ms, injectable so tests can move time. Default Date.now. */
  now?: () => number;
  /** Seed of the machines' RNGs (each machine derives its own). Default: random per start. */
  rngSeed?: string;
  /** Multiplies every floor timer (reservation, close-warning grace and countdown). Default 1. */
  timerScale?: number;
  /** Frames per second of the machines' video. Default 30. */
  videoFps?: number;
  /** External WHEP endpoints: `${machineId}/${bandId}` or machineId → URL (a real camera feed). */
  externalVideo?: Record<string, string>;
  /**
   * The machines' video, further: the request strip (off by default), drawing the answer to a
   * request at once (on by default), a trace of each answer frame (the bench), the bands
   * (DEFAULT_BANDS) and the machine sound (on). docs/video.md.
   */
  video?: Pick<VideoOptions, 'strip' | 'answerAtOnce' | 'trace' | 'bands' | 'sound'>;
  /** How long a request's body may take to arrive after its headers before a 408. Default 10 s. */
  bodyTimeoutMs?: number;
  /** Serve the client's *.map files. Default: unless NODE_ENV is production. */
  serveSourceMaps?: boolean;
  /** The sockets' heartbeat (floor/sockets.ts): ping interval and silent-link cut-off. */
  socketHeartbeat?: { pingMs: number; silentCloseMs: number };
}

export interface Simulator {
  /** Base URL without a trailing slash, e.g. http://127.0.0.1:41234 */
  url: string;
  port: number;
  close(): Promise<void>;
  store: Store;
  floor: Floor;
  video: VideoService;
  sockets: SocketServer;
}

export const DEFAULT_ALLOWED_COUNTRIES = ['TR', 'GB', 'US', 'DE', 'NL', 'BG'];
export const DEFAULT_PORT = 8080;
const DEFAULT_TTL_SECONDS = 8 * 60 * 60;
export const DEFAULT_BODY_TIMEOUT_MS = 10_000;
// Node's defaults (60 s for headers, 300 s for a whole request, checked every 30 s) let a
// slow client hold a connection for minutes.
const HEADERS_TIMEOUT_MS = 10_000;
const CONNECTIONS_CHECK_MS = 1_000;
/** How often viewers are checked against their login session's expiry (the sockets sweep alike). */
const VIEWER_SWEEP_MS = 250;

export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const now = options.now ?? Date.now;
  const settings = z.strictObject(SettingsOverrides.shape).parse(options.settings ?? {});
  const bodyTimeoutMs = options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS;
  const store = openStore({ memory: options.memory ?? false, dataDir: options.dataDir ?? '.data', now });
  try {
    // The demo players who chose no PIN get the operator's default (what the lock text names).
    await seedOnce(store, now(), { ...DEFAULT_SETTINGS, ...settings }.DEFAULT_PIN);
    const ledger = new Ledger(store, now);
    ledger.recordOpeningBalances();
    seedFleetOnce(store, now());
    const control = new ControlState(settings, options.allowedCountries ?? DEFAULT_ALLOWED_COUNTRIES);
    const hub = new NotificationHub();
    const protection = new ProtectionStore(store);
    const deps: ApiDeps = {
      store,
      ledger,
      protection,
      hub,
      tokens: createTokens(loadSigningKey(store), now),
      sessions: new SessionEnds(store, now, (playerId, at) => protection.sessionTimeMs(playerId, at)),
      control,
      gate: new AddressGate(),
      now,
      jwtTtlSeconds: options.jwtTtlSeconds ?? DEFAULT_TTL_SECONDS,
    };
    const router = new Router()
      .add(publicRoutes(deps))
      .add(loginRoutes(deps))
      .add(sessionRoutes(deps))
      .add(machineRoutes(deps))
      .add(accountRoutes(deps))
      .add(accountHistoryRoutes(deps))
      .add(promoRoutes(deps))
      .add(templateRoutes(deps));
    let timings = scaleTimings(DEFAULT_TIMINGS, options.timerScale ?? 1);
    const rngSeed = options.rngSeed ?? randomUUID();
    // The floor and the video know each other only through these two closures.
    let screenOf: (machineId: string) => ScreenState | undefined = () => undefined;
    // The floor says who is on a machine; set once it exists, below.
    let occupantOf: (machineId: string) => number | null = () => null;
    const video = createVideoService({
      getScreen: (machineId) => screenOf(machineId),
      // Who is watching: the player, and the login session their viewer ends with (endViewersOf).
      authorize: async (req, machineId) => {
        let watcher: Awaited<ReturnType<typeof authenticate>>;
        try {
          watcher = await authenticate(req, deps);
        } catch {
          return { status: 401, message: 'the video needs the token of the player on the machine (Authorization: Bearer)' };
        }
        const { player, session } = watcher;
        if (occupantOf(machineId) !== player.id) return { status: 403, message: 'only the player on this machine may watch it' };
        return { playerId: String(player.id), jti: session.jti, ended: () => deps.sessions.endedCode(session.jti) !== null };
      },
      ...(options.videoFps ? { fps: options.videoFps } : {}),
      ...(options.externalVideo ? { external: options.externalVideo } : {}),
      ...options.video,
      now,
    });
    // A viewer ends with the login session it was opened by (logout, a login elsewhere, a ban)
    // and, swept like the sockets, when that session expires.
    const stopViewerEnds = deps.sessions.onEnded((jti) => video.endViewersOf(jti));
    const viewerSweep = setInterval(() => {
      for (const jti of video.viewerLogins()) if (deps.sessions.endedCode(jti) !== null) video.endViewersOf(jti);
    }, VIEWER_SWEEP_MS);
    viewerSweep.unref();
    const floor = new Floor({
      store,
      ledger,
      requests: new RequestLog(store, now),
      machines: new MachineStore(store),
      protection: deps.protection,
      hub,
      now,
      timings: () => timings,
      limits: () => {
        const served = control.settings();
        return { hotCoins: served.HOT_COIN_PRICES, maxAllIn: served.MAX_ALL_IN_LIMIT, allowZeroBalance: served.ALLOW_0_BALANCE_TO_PLAY };
      },
      rules: () => JURISDICTIONS[control.settings().JURISDICTION],
      realityChecks: () => realityCheckPolicy(control.settings()),
      spinStarts: new Map(),
      checks: new Map(),
      engine: (rngState, machineId) => createEngine(rngState, `${rngSeed}:${machineId}`),
      bands: (machineId) => video.bandsFor(String(machineId)),
      endVideo: (machineId) => video.endVideo(String(machineId)),
      requestAnswered: (machineId) => video.requestAnswered(String(machineId)),
    });
    screenOf = (machineId) => floor.machine(Number(machineId))?.screen();
    occupantOf = (machineId) => floor.machine(Number(machineId))?.occupantId ?? null;
    floor.start();
    router.add(floorRoutes(deps, floor));
    router.add(protectionRoutes(deps, floor));

    const staticDir = options.staticDir ?? 'dist';
    const fleet = new FleetStore(store);
    const handler = createRequestHandler({
      video,
      router,
      files: createStaticFiles(staticDir, {
        // /lobby comes with its first screen painted in, the operator's brands in its tiles.
        made: lobbyPage(staticDir, () => control.settings(), () => fleet.brands().map(paintedBrand)),
        serveSourceMaps: options.serveSourceMaps ?? process.env.NODE_ENV !== 'production',
        // /login comes with its screen painted in, in the operator's language as it is now
        // (scripts/prerender.ts; the control API can change it) — unless the login screen is not
        // the form: the logo first (LOGIN_SPLASH) or no login at all (TOKEN_LOGIN).
        page: (pathname) => {
          const served = control.settings();
          if (pathname !== '/login' || served.LOGIN_SPLASH || served.TOKEN_LOGIN) return undefined;
          return loginFileName(served.DEFAULT_LANG);
        },
      }),
      control,
      localCountry: (options.localCountry ?? 'TR').toUpperCase(),
      videoOrigins: [...new Set(Object.values(options.externalVideo ?? {}).map((url) => new URL(url).origin))],
      bodyTimeoutMs,
      now,
    });
    // The handler answers its own errors; this catch only stops a failure while answering
    // from becoming an unhandled rejection, which would end the process.
    const server = createServer(
      {
        headersTimeout: HEADERS_TIMEOUT_MS,
        // Only a backstop: the handler's body deadline (after the headers) answers first.
        requestTimeout: HEADERS_TIMEOUT_MS + 2 * bodyTimeoutMs,
        connectionsCheckingInterval: CONNECTIONS_CHECK_MS,
      },
      (req, res) => {
        handler(req, res).catch(() => res.destroy());
      },
    );
    server.on('clientError', answerClientError);
    limitConnectionsPerAddress(server);
    const host = options.host ?? '127.0.0.1';
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ port: options.port ?? DEFAULT_PORT, host, backlog: FAIR_SHARE.acceptBacklog }, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const { port } = server.address() as AddressInfo;
    const sockets = attachSockets(server, deps, floor, options.socketHeartbeat ? { heartbeat: options.socketHeartbeat } : {});
    if (options.control ?? true) {
      router.add(controlRoutes(control, now(), now));
      router.add(protectionControlRoutes(deps));
      router.add(
        floorControlRoutes(deps, floor, sockets, {
          setTimerScale: (scale) => {
            timings = scaleTimings(DEFAULT_TIMINGS, scale);
            floor.start();
          },
          video: (machineId, action) => {
            if (action === 'end') video.endVideo(String(machineId));
            else video.stall(String(machineId), action === 'stall');
          },
        }),
      );
    }

    const unregister = registerLedger(ledger);
    let closing: Promise<void> | undefined;
    return {
      url: `http://${displayHost(host)}:${port}`,
      port,
      store,
      floor,
      video,
      sockets,
      close() {
        unregister();
        stopViewerEnds();
        clearInterval(viewerSweep);
        floor.stop();
        sockets.close();
        closing ??= video.close().then(() => new Promise<void>((resolve) => {
          server.close(() => resolve());
          // Keep-alive connections would otherwise hold close() open for seconds.
          server.closeAllConnections();
        })).finally(() => store.close());
        return closing;
      },
    };
  } catch (error) {
    store.close();
    throw error;
  }
}

/** No address holds more than FAIR_SHARE.connectionsPerAddress connections: more close as they arrive. */
function limitConnectionsPerAddress(server: Server): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const count = open.get(address) ?? 0;
    if (count >= FAIR_SHARE.connectionsPerAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}

function displayHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}
