// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/** What a machine may not touch: the browser, the network, timers and the clock. */
const MACHINE_GLOBALS = [
  'window', 'document', 'navigator', 'location', 'history', 'localStorage', 'sessionStorage', 'fetch',
  'XMLHttpRequest', 'WebSocket', 'EventSource', 'RTCPeerConnection', 'setTimeout', 'setInterval',
  'clearTimeout', 'clearInterval', 'requestAnimationFrame', 'requestIdleCallback', 'queueMicrotask', 'performance', 'Date',
  'matchMedia', 'screen', 'crypto', 'MediaStream', 'AudioContext', 'Audio', 'Image', 'Worker', 'BroadcastChannel',
  'indexedDB', 'caches',
  // The roads to all of the above.
  'globalThis', 'self',
];

/** A lazy import names its file literally, so that these rules (and the bundler) can see what it loads. */
const LITERAL_IMPORTS = { selector: "ImportExpression[source.type!='Literal']", message: 'a lazy import names its file literally (no template or variable)' };

/**
 * no-restricted-syntax entries for `import('…')` of a path matching `pattern` (an esquery regex:
 * no literal slash, so `\x2F` stands for one). no-restricted-imports sees only static imports.
 */
function dynamicImports(pattern, message) {
  return [{ selector: `ImportExpression[source.value=/${pattern}/]`, message }];
}

/** What a view may not load lazily either (src/features and src/ui). */
const VIEW_SYNTAX = [
  LITERAL_IMPORTS,
  ...dynamicImports('^(\\.\\.\\x2F)+services\\x2F', 'views reach services only through the machines (not even lazily)'),
  ...dynamicImports('^(\\.\\.\\x2F)+app\\x2F', 'views import nothing of the composition root (not even lazily)'),
];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', '.data/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Machines are pure: no React, no DOM services, no HTTP, no translations, nothing from src/,
    // of the wire only its types.
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(\\.\\./)+src/', message: 'machines import nothing from src/' },
            { group: ['react', 'react-dom', 'ky', '@lingui/*', 'styled-components'], message: 'machines stay pure' },
          ],
        },
      ],
      // The wire's types, yes (one declaration for client, machines and simulator); its schemas
      // and values, no: a machine validates nothing, the services hand it checked data.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\.\\./)+protocol/', allowTypeImports: true, message: 'machines import only types from protocol/' }] },
      ],
      // Nor the browser, the network or the clock: timers are `after` delays (a test's clock runs
      // them), time and I/O come from provided actors and input.
      'no-restricted-globals': ['error', ...MACHINE_GLOBALS.map((name) => ({ name, message: `machines stay pure: no ${name} (provide an actor, a delay or input)` }))],
      'no-restricted-syntax': ['error', LITERAL_IMPORTS, ...dynamicImports('^(\\.\\.\\x2F)+src\\x2F', 'machines import nothing from src/ (not even lazily)')],
    },
  },
  {
    // The simulator shares only the wire (protocol/) with the client.
    files: ['simulator/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          // At any depth (simulator/video/x/y.ts too): never src/ or machines/.
          patterns: [{ regex: '^(\\.\\./)+(src|machines)/', message: 'the simulator imports only protocol/' }],
        },
      ],
      'no-restricted-syntax': ['error', LITERAL_IMPORTS, ...dynamicImports('^(\\.\\.\\x2F)+(machines|src)\\x2F', 'the simulator imports only protocol/ (not even lazily)')],
    },
  },
  {
    // The wire's types and schemas are a leaf: the client, the machines and the simulator stand on them.
    files: ['protocol/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\.\\./)+(src|machines|simulator|scripts|tests|bench)/', message: 'protocol/ is a leaf: it imports nothing of the client, the machines or the simulator' }] },
      ],
      'no-restricted-syntax': ['error', LITERAL_IMPORTS, ...dynamicImports('^(\\.\\.\\x2F)+(src|machines|simulator)\\x2F', 'protocol/ is a leaf (not even lazily)')],
    },
  },
  {
    // Services talk to the outside world; they never reach for views, themes or the composition root.
    files: ['src/services/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\.\\./)+(features|ui|theme|app)/', message: 'services import no views, themes or the composition root' }] },
      ],
      'no-restricted-syntax': [
        'error',
        LITERAL_IMPORTS,
        ...dynamicImports('^(\\.\\.\\x2F)+(features|ui|theme|app)\\x2F', 'services import no views, themes or the composition root (not even lazily)'),
      ],
    },
  },
  {
    // Views select from machines and send them events: the services they need come as the
    // machines' provided actors (src/app wires them). Their types may be named.
    files: ['src/features/**/*.{ts,tsx}', 'src/ui/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(\\.\\./)+services/', allowTypeImports: true, message: 'views reach services only through the machines (and the runtime src/app hands them)' },
            { regex: '^(\\.\\./)+app/', message: 'views import nothing of the composition root (src/app)' },
          ],
        },
      ],
      'no-restricted-syntax': ['error', ...VIEW_SYNTAX],
    },
  },
  {
    // Tools stand beside the tests, not on them: what both need lives in scripts/.
    files: ['scripts/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(\\.\\./)+tests/', message: 'scripts import nothing from tests/' }] }],
      'no-restricted-syntax': ['error', LITERAL_IMPORTS, ...dynamicImports('^(\\.\\.\\x2F)+tests\\x2F', 'scripts import nothing from tests/')],
    },
  },
  {
    // Shared presentational pieces know no product area.
    files: ['src/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(\\.\\./)+features/', message: 'src/ui imports no feature' }] }],
      'no-restricted-syntax': ['error', ...VIEW_SYNTAX, ...dynamicImports('^(\\.\\.\\x2F)+features\\x2F', 'src/ui imports no feature (not even lazily)')],
    },
  },
);
