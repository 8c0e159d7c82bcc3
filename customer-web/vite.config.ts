import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  // zod with its compiled validators off (the CSP allows no eval), wherever it is imported from.
  resolve: {
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('src/lib/zod-jitless.ts', import.meta.url)) }],
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' } },
  build: { outDir: 'dist', emptyOutDir: true, manifest: true },
});
