import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'adapters/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // pdf.js and LibreOffice are CPU-heavy; two forks match the 2-core machines we run on.
    pool: 'forks',
    maxWorkers: 2,
  },
});
