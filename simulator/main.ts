import { parseArgs } from 'node:util';
import { DEFAULT_PORT, startSimulator } from './server.ts';
import { parseExternalVideo } from './video/bands.ts';
import { DEFAULT_SETTINGS } from '../protocol/settings.ts';
import { DEMO_PLAYERS, demoPin } from './store/seed.ts';

/**
 * `npm start` / `npm run serve`: the simulator on all interfaces, with its data in .data/.
 * Every flag has an environment variable (flags win); see the README's simulator section.
 */

const USAGE = `usage: node simulator/main.ts [--port N] [--host H] [--memory] [--data-dir DIR] [--static DIR]
  [--seed TEXT] [--allowed-countries TR,GB,...] [--timer-scale X] [--fps N] [--control | --no-control]
  [--external-video MACHINE[/BAND]=URL,...] [--video-strip]      (npm run serve; npm start builds first)

Runs the operator simulator: the REST API, both sockets, the WHEP video and the control API
(/sim), and serves the built client (dist/) on http://localhost:PORT/ (default ${DEFAULT_PORT},
all interfaces). Prints the demo logins; SIGINT or SIGTERM closes it. The README's simulator
section explains every flag.

environment: PORT, SIM_HOST, SIM_MEMORY=1, SIM_DATA_DIR, SIM_STATIC, SIM_SEED, SIM_ALLOWED_COUNTRIES,
  SIM_TIMER_SCALE, SIM_FPS, SIM_CONTROL=0|1 (the control API is off by default when NODE_ENV=production),
  SIM_EXTERNAL_VIDEO, SIM_VIDEO_STRIP=1 (the request strip in the video, docs/video.md); with NODE_ENV=production the client's source maps (*.map) are not served`;

function parseNumber(name: string, text: string | undefined): number | undefined {
  if (text === undefined || text === '') return undefined;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`invalid ${name} ${JSON.stringify(text)}`);
  return value;
}

function parseFlag(text: string | undefined): boolean | undefined {
  if (text === undefined || text === '') return undefined;
  return !['0', 'false', 'no', 'off'].includes(text.toLowerCase());
}

function parsePort(text: string | undefined): number | undefined {
  if (text === undefined || text === '') return undefined;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`invalid port ${JSON.stringify(text)}`);
  }
  return port;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      memory: { type: 'boolean' },
      'data-dir': { type: 'string' },
      static: { type: 'string' },
      seed: { type: 'string' },
      'allowed-countries': { type: 'string' },
      'timer-scale': { type: 'string' },
      fps: { type: 'string' },
      control: { type: 'boolean' },
      'no-control': { type: 'boolean' },
      'external-video': { type: 'string' },
      'video-strip': { type: 'boolean' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }

  const env = process.env;
  const memory = values.memory ?? parseFlag(env.SIM_MEMORY) ?? false;
  const dataDir = values['data-dir'] ?? env.SIM_DATA_DIR ?? '.data';
  const countries = values['allowed-countries'] ?? env.SIM_ALLOWED_COUNTRIES;
  // Anything called production gets no control API unless it is asked for by name.
  const control =
    (values['no-control'] ? false : values.control) ?? parseFlag(env.SIM_CONTROL) ?? env.NODE_ENV !== 'production';
  const seed = values.seed ?? env.SIM_SEED;
  const timerScale = parseNumber('timer scale', values['timer-scale'] ?? env.SIM_TIMER_SCALE);
  const fps = parseNumber('fps', values.fps ?? env.SIM_FPS);
  const externalVideo = parseExternalVideo(values['external-video'] ?? env.SIM_EXTERNAL_VIDEO);
  const videoStrip = values['video-strip'] ?? parseFlag(env.SIM_VIDEO_STRIP) ?? false;
  const simulator = await startSimulator({
    port: parsePort(values.port) ?? parsePort(env.PORT) ?? DEFAULT_PORT,
    host: values.host ?? env.SIM_HOST ?? '0.0.0.0',
    memory,
    dataDir,
    staticDir: values.static ?? env.SIM_STATIC ?? 'dist',
    control,
    ...(seed ? { rngSeed: seed } : {}),
    ...(countries ? { allowedCountries: countries.split(',').map((c) => c.trim()).filter(Boolean) } : {}),
    ...(timerScale ? { timerScale } : {}),
    ...(fps ? { videoFps: fps } : {}),
    ...(externalVideo ? { externalVideo } : {}),
    ...(videoStrip ? { video: { strip: true } } : {}),
    // The client's source maps are for developers, not for a production audience.
    serveSourceMaps: env.NODE_ENV !== 'production',
  });

  console.log(`Reelside simulator: http://localhost:${simulator.port}/`);
  console.log(memory ? 'Data: in memory (lost on exit)' : `Data: ${dataDir}/`);
  console.log(control ? 'Control API: /sim (tests and demos)' : 'Control API: off');
  console.log('Demo logins (username / password, PIN):');
  for (const player of DEMO_PLAYERS) {
    const note = player.banned ? '  (banned)' : '';
    console.log(`  ${player.username} / ${player.password}, PIN ${demoPin(player, DEFAULT_SETTINGS.DEFAULT_PIN)}${note}`);
  }

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: closing`);
    simulator.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  console.error(USAGE);
  process.exit(1);
});
