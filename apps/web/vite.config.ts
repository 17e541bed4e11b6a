import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

const proxied = ['/api', '/dev', '/healthz', '/readyz'];

/**
 * index.html asks for the text font (styles/font.css) at once, beside the stylesheet, instead of once the
 * stylesheet has been read and a text needs it. A page the server drew (the sign-in page, a report,
 * decisions 014 and 073) then paints in its own font from the first frame: drawn first in the fallback
 * font and redrawn when Figtree arrived, its text moved (the header shifted, and the report's summary grew
 * into the screen, so its largest paint came only with the second drawing).
 */
/**
 * index.html preloads the app's start (src/start.tsx, which main.tsx imports once a page the server drew
 * has been painted) and every module it imports, as it did when they were main.tsx's own imports: they
 * arrive while the page is read, not one round trip after main.tsx has run (decision 073).
 */
function preloadStart(): Plugin {
  return {
    name: 'portal-preload-start',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const chunks = Object.values(bundle ?? {}).flatMap((file) => (file.type === 'chunk' ? [file] : []));
        const start = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/src/start.tsx'));
        if (!start) return [];
        const wanted = new Set<string>();
        const visit = (fileName: string) => {
          if (wanted.has(fileName)) return;
          wanted.add(fileName);
          for (const imported of chunks.find((chunk) => chunk.fileName === fileName)?.imports ?? [])
            visit(imported);
        };
        visit(start.fileName);
        return [...wanted]
          .filter((fileName) => !html.includes(`/${fileName}"`))
          .map((fileName) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: '', href: `/${fileName}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

function preloadFont(): Plugin {
  return {
    name: 'portal-preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const fonts = Object.keys(bundle ?? {}).filter((file) =>
          /figtree-latin-wght-normal-[^/]*\.woff2$/.test(file),
        );
        return fonts.map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${file}`, crossorigin: '' },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // No alias for React Router: from version 8 its package sends a bundler to the production build unless
  // the bundler asks for the `development` condition (`vite` serving, Vitest), so browsers get it without
  // the development warnings (decision 034 pointed an alias at it while 7 sent every bundler to development).
  plugins: [react(), preloadFont(), preloadStart()],
  // `vite build --ssr src/server-render.tsx`: the module the API server draws the sign-in page with
  // (decision 014), kept out of dist, which is served to browsers.
  build: isSsrBuild
    ? { outDir: 'dist-server', emptyOutDir: true, copyPublicDir: false, sourcemap: true }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        sourcemap: true,
        // Browsers that do not preload modules (Safari before 17) load them as they are imported; the
        // polyfill would cost every first load 0.3 KB gzip to fetch them a little sooner there.
        modulePreload: { polyfill: false },
        rolldownOptions: {
          output: {
            // The entry chunk carries every lazy chunk's file name (its preload map, 120 of them), and a
            // content hash is random text that gzip cannot shrink: 7 characters instead of 8 take 0.13 KB
            // gzip off every first load, /login's 120 KB budget included (119.86 KB, session 16). Rolldown
            // asks for at least 7 for this many chunks; 42 bits still tell releases apart.
            chunkFileNames: 'assets/[name]-[hash:7].js',
            // React and the router, and TanStack Query, change less often than our code, so browsers keep
            // them cached across releases; every page needs both. Query in one chunk also keeps it from
            // being spread over small shared chunks (/login's first load was 1 KB larger that way). Other
            // libraries stay with the pages that use them (recharts only with the report chart); a
            // catch-all vendor chunk would put all of them into the first load.
            codeSplitting: {
              groups: [
                { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
                // zod in one chunk of its own: no first-load module imports it (the sign-in page's checks
                // are written without it, @portal/domain's auth-session.ts), and left to itself its core
                // went into small shared chunks of the signed-in pages (3.8 KB gzip more on /dashboard).
                { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
                // Infinite queries (the staff console's lists) stay with the pages that use them: in this
                // group every first load, /login's included, carried them.
                {
                  name: 'query',
                  test: /node_modules[\\/]@tanstack[\\/](?!.*[\\/](infiniteQueryObserver|useInfiniteQuery)\.js$)/,
                },
              ],
            },
          },
        },
      },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: apiTarget, changeOrigin: false }])),
  },
}));
