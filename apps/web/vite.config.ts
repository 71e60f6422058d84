import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

// Only libraries every page needs (React, the router) and two loaded on demand (the bot check,
// the socket) get chunks of their own. react-admin and MUI are left to the bundler: the sign-in
// page (the onboarding part, src/Shell.tsx) imports a few MUI components and no react-admin, and
// a manual chunk also claims the modules its members import, so a react-admin chunk took MUI's
// Box and TextField with it and the sign-in page loaded the whole of react-admin for them.
function vendorChunkFor(id: string): string | undefined {
  if (!id.includes('node_modules')) return undefined;
  if (/node_modules\/(altcha)\//.test(id)) return 'vendor-altcha';
  if (/node_modules\/(socket\.io-client|engine\.io-client|socket\.io-parser|engine\.io-parser|@socket\.io)\//.test(id)) return 'vendor-socket';
  if (/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|react-is)\//.test(id)) return 'vendor-react';
  return undefined;
}

/**
 * Writes a brotli (.br) and a gzip (.gz) copy next to every text asset of the build, at the highest
 * levels: the API serves them as they are (@fastify/static preCompressed), so nothing is compressed
 * per request and the sign-in page's JavaScript travels brotli-compressed.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] => fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
      for (const file of walk(outDir)) {
        if (!/\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/.test(file)) continue;
        const bytes = fs.readFileSync(file);
        if (bytes.length < 1024) continue;
        fs.writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
        fs.writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [precompress()],
  /*
   * JSX goes through Vite's own esbuild transform. @vitejs/plugin-react is hoisted next to
   * vitest's vite 8 and detects rolldown from there, which breaks this vite 7 dev server
   * ("Missing field moduleType"); the only loss is React fast refresh in development.
   */
  esbuild: { jsx: 'automatic' },
  // @app/domain is bundled from its TypeScript sources ("source" export condition): dev and build
  // never depend on the domain package's own build.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/socket.io': { target: apiTarget, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      // Libraries mark modules "use client" for server-component bundlers; meaningless in this SPA.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
      output: {
        manualChunks: vendorChunkFor,
      },
    },
  },
});
