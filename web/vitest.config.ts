import { defineConfig } from 'vitest/config';

// The unit tests of the page's pure modules (web/test), in Node: no browser,
// only the storage and language the modules read when they load.
export default defineConfig({
  test: { include: ['test/**/*.test.ts'], setupFiles: ['test/setup.ts'] },
});
