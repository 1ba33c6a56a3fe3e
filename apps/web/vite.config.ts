import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The API server owns /api and /files; in development Vite forwards them so the browser
// sees one origin, exactly as in production where the server also serves this build.
const apiTarget = 'http://127.0.0.1:3000';

export default defineConfig({
  root: fromHere('.'),
  plugins: [react()],
  resolve: {
    alias: {
      '@': fromHere('./src'),
      '@test': fromHere('./test'),
    },
  },
  build: {
    outDir: fromHere('./dist'),
    emptyOutDir: true,
    // The manifest lets tools/ check the booking page's size budget (decision 0125).
    manifest: true,
    rollupOptions: {
      // Four pages: the console, the customer's booking page /r/{publicKey}, a friend's answer
      // page /f/{publicKey} and event page /e/{publicKey} (decision 0318), each with its own
      // chunk so a phone never downloads the console.
      input: {
        main: fromHere('./index.html'),
        booking: fromHere('./booking.html'),
        answer: fromHere('./answer.html'),
        event: fromHere('./event.html'),
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/files': { target: apiTarget, changeOrigin: false },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    restoreMocks: true,
    // findBy*/waitFor may wait 10 s (test/setup.ts); a test must have time left after one of
    // them, or a slow first render of a lazy screen on a loaded machine fails as a timeout.
    testTimeout: 30_000,
  },
});
