import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';

export default defineConfig({
  plugins: [react(), lingui(), babel({ presets: [linguiTransformerBabelPreset()] })],
  build: {
    outDir: 'dist',
    sourcemap: true,
    // The benchmark reads which chunks each route loads from here.
    manifest: true,
  },
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/check': 'http://localhost:8080',
      '/Settings.json': 'http://localhost:8080',
      '/ws': { target: 'ws://localhost:8080', ws: true },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/{machines,paths,simulator,project}/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/setup/conservation.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'views',
          include: ['tests/views/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['tests/views/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.ts'],
          environment: 'node',
          setupFiles: ['tests/setup/conservation.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
