import { parseArgs } from 'node:util';
import { DEFAULT_PORT, startSimulator } from './server.ts';
import { DEMO_PLAYERS } from './store/seed.ts';

/**
 * `npm start` / `npm run serve`: the simulator on all interfaces, with its data in .data/.
 * Flags: --port N (else $PORT, else 8080), --host H, --memory, --data-dir DIR,
 * --static DIR, --no-control.
 */

const USAGE = `usage: node simulator/main.ts [--port N] [--host H] [--memory] [--data-dir DIR] [--static DIR] [--no-control]`;

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
      host: { type: 'string', default: '0.0.0.0' },
      memory: { type: 'boolean', default: false },
      'data-dir': { type: 'string', default: '.data' },
      static: { type: 'string', default: 'dist' },
      'no-control': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }

  const simulator = await startSimulator({
    port: parsePort(values.port) ?? parsePort(process.env.PORT) ?? DEFAULT_PORT,
    host: values.host,
    memory: values.memory,
    dataDir: values['data-dir'],
    staticDir: values.static,
    control: !values['no-control'],
  });

  console.log(`Reelside simulator: http://localhost:${simulator.port}/`);
  console.log(values.memory ? 'Data: in memory (lost on exit)' : `Data: ${values['data-dir']}/`);
  console.log(values['no-control'] ? 'Control API: off' : 'Control API: /sim (tests and demos)');
  console.log('Demo logins (username / password, PIN):');
  for (const player of DEMO_PLAYERS) {
    const note = player.banned ? '  (banned)' : '';
    console.log(`  ${player.username} / ${player.password}, PIN ${player.pin}${note}`);
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
