// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

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
    // Machines are pure: no React, no DOM services, no HTTP, no translations, nothing from src/.
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
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'sessionStorage', 'fetch'],
    },
  },
  {
    // The simulator shares only the wire with the client.
    files: ['simulator/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          // At any depth (simulator/video/x/y.ts too): only src/protocol, never machines/.
          patterns: [
            { regex: '^(\\.\\./)+src/(?!protocol/)', message: 'the simulator imports only src/protocol' },
            { regex: '^(\\.\\./)+machines/', message: 'the simulator imports only src/protocol' },
          ],
        },
      ],
    },
  },
  {
    // The wire's schemas are a leaf: the client and the simulator both stand on them.
    files: ['src/protocol/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\.\\./(app|features|services|ui|theme)/', message: 'src/protocol is a leaf: it imports nothing of the client' },
            { regex: '^(\\.\\./)+(machines|simulator)/', message: 'src/protocol is a leaf' },
          ],
        },
      ],
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
    },
  },
  {
    // Shared presentational pieces know no product area.
    files: ['src/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(\\.\\./)+features/', message: 'src/ui imports no feature' }] }],
    },
  },
);
