import { spawn } from 'node:child_process';
import { delimiter, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { commandLine, usageError } from './cli.ts';

/**
 * The npm scripts that are several commands in a row (`npm test`, `npm start`, `npm run check`,
 * `npm run i18n:extract`). Written as a chain of `&&` in package.json, `npm test -- --help` would
 * hand `--help` to the last command only, after running all the others; here each task answers
 * `--help` with its steps before running any, and runs them one after another, stopping at the
 * first that fails (its exit code is the task's).
 *
 *   node scripts/tasks.ts <task> [--help]
 */

export interface Task {
  usage: string;
  about: string;
  steps: readonly (readonly string[])[];
}

export const TASKS: Readonly<Record<string, Task>> = {
  test: {
    usage: 'npm test',
    about:
      'Runs every test the project has, as CI does on a clean clone: installs the system packages the tests need (when missing), refreshes the catalogs, typechecks, lints, runs the unit, view and simulator tests, the statecharts\' path tests, builds the client, then runs the end-to-end tests and the model-based replays on that build.',
    steps: [
      ['node', 'scripts/ensure-system.ts'],
      ['npm', 'run', 'i18n:extract'],
      ['npm', 'run', 'check'],
      ['npm', 'run', 'test:paths'],
      ['npm', 'run', 'build'],
      ['npm', 'run', 'test:e2e'],
      ['npm', 'run', 'test:model'],
    ],
  },
  check: {
    usage: 'npm run check',
    about: 'The quick checks before a commit: typecheck, lint (no warnings) and the unit, view and simulator tests.',
    steps: [
      ['npm', 'run', 'typecheck'],
      ['npm', 'run', 'lint'],
      ['npm', 'run', 'test:unit'],
    ],
  },
  start: {
    usage: 'npm start',
    about:
      'Runs the product on the operator simulator: installs the system packages it needs (Chromium, ffmpeg) when missing, builds the client, then serves client and simulator on one port (PORT, default 8080). The simulator\'s settings are environment variables (docs/operators.md).',
    steps: [
      ['node', 'scripts/ensure-system.ts', '--run'],
      ['npm', 'run', 'build'],
      ['node', 'simulator/main.ts'],
    ],
  },
  'i18n:extract': {
    usage: 'npm run i18n:extract',
    about:
      'Refreshes the message catalogs from the source (Lingui\'s extract, dropping what is no longer used), then fails when a Turkish or Arabic text is missing or a catalog does not compile.',
    steps: [
      ['lingui', 'extract', '--clean'],
      ['node', 'scripts/check-catalogs.ts'],
    ],
  },
};

const ROOT = resolve(import.meta.dirname, '..');

function usageOf(name: string, task: Task): string {
  const steps = task.steps.map((step, index) => `  ${index + 1}. ${step.join(' ')}`).join('\n');
  return `usage: ${task.usage}\n\n${task.about}\n\nSteps, in order (the first that fails ends the task with its exit code):\n${steps}\n\n(node scripts/tasks.ts ${name})`;
}

function runStep(step: readonly string[]): Promise<number> {
  const [command = '', ...args] = step;
  return new Promise((done) => {
    // The project's own tools first on the PATH, as npm puts them (also when run with plain node).
    const PATH = [join(ROOT, 'node_modules', '.bin'), process.env.PATH ?? ''].join(delimiter);
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, PATH } });
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on('SIGINT', forward).on('SIGTERM', forward);
    child.on('error', (error) => {
      console.error(`${step.join(' ')}: ${error.message}`);
      done(127);
    });
    child.on('close', (code, signal) => {
      process.off('SIGINT', forward).off('SIGTERM', forward);
      done(code ?? (signal ? 128 + 15 : 1));
    });
  });
}

/** Runs a task's steps in order: 0 when all pass, else the exit code of the first that failed. */
export async function runTask(task: Task): Promise<number> {
  for (const step of task.steps) {
    const code = await runStep(step);
    if (code !== 0) {
      console.error(`\n${task.usage}: stopped at "${step.join(' ')}" (exit ${code}).`);
      return code;
    }
  }
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [name = '', ...rest] = process.argv.slice(2);
  const general = `usage: node scripts/tasks.ts <task> [--help]\n\nTasks: ${Object.keys(TASKS).join(', ')}.`;
  const task = TASKS[name];
  if (!task) {
    if (name === '--help' || name === '-h') {
      console.log(general);
      process.exit(0);
    }
    usageError(general, name === '' ? 'No task named.' : `No task ${JSON.stringify(name)}.`);
  }
  commandLine(usageOf(name, task), { args: rest, options: {} });
  process.exitCode = await runTask(task);
}
