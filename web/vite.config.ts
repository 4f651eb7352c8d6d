import { defineConfig } from 'vite';

// The page is built into the build directory, where `qi serve` finds it
// (the folder "web" next to the qi executable).
export default defineConfig({
  base: '/',
  build: { outDir: '../build/web', emptyOutDir: true, chunkSizeWarningLimit: 200 },
});
