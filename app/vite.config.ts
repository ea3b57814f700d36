import { readFileSync } from 'node:fs'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
// Relative, so Vite bundles it into the config (a workspace package is loaded by Node, untranspiled).
import { paths } from '../core/src/paths'

/**
 * `/` renders the lazily loaded landing route: without a hint the browser only asks for that chunk
 * once the entry has run (a round trip on the landing's critical path, docs/benchmarks.md). This
 * adds a modulepreload of the landing chunk and its imports to index.html (about 4 KB gzipped,
 * also fetched, unused, on other routes).
 */
function preloadLanding(): Plugin {
  return {
    name: 'cadence-preload-landing',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle
        if (!bundle) return html
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk')
        const landing = chunks.find((c) => c.facadeModuleId?.endsWith('/src/routes/landing.tsx'))
        if (!landing) throw new Error('preloadLanding: no chunk for src/routes/landing.tsx')
        const files = new Set<string>()
        const visit = (file: string) => {
          if (files.has(file) || html.includes(`/${file}"`)) return
          files.add(file)
          const chunk = chunks.find((c) => c.fileName === file)
          for (const imported of chunk?.imports ?? []) visit(imported)
        }
        visit(landing.fileName)
        return [...files].map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }))
      },
    },
  }
}

/**
 * src/early-user.js as a hashed asset, loaded by index.html before the app's scripts: on `/` it
 * starts GET /api/users/me at once instead of after the entry has downloaded and run (the landing's
 * critical path). A classic external script: the server's CSP allows no inline script.
 */
function earlyUserRequest(): Plugin {
  const source = new URL('./src/early-user.js', import.meta.url)
  return {
    name: 'cadence-early-user',
    apply: 'build',
    buildStart() {
      this.emitFile({ type: 'asset', name: 'early-user.js', source: readFileSync(source, 'utf8') })
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const asset = Object.values(ctx.bundle ?? {}).find(
          (f) => f.type === 'asset' && /(^|\/)early-user-[^/]*\.js$/.test(f.fileName),
        )
        if (!asset) throw new Error('earlyUserRequest: src/early-user.js was not emitted')
        return [
          {
            tag: 'script',
            attrs: { src: `/${asset.fileName}` },
            injectTo: 'head-prepend' as const,
          },
        ]
      },
    },
  }
}

// The API server; `bun run dev` at the root starts it in watch mode on this port.
const apiTarget = process.env.API_URL ?? 'http://localhost:3000'

export default defineConfig({
  plugins: [
    react(),
    preloadLanding(),
    earlyUserRequest(),
    VitePWA({
      registerType: 'prompt',
      // The app registers the worker itself (src/state/pwa.ts) so it can show the update banner;
      // the server's CSP forbids inline scripts anyway.
      injectRegister: false,
      // Our own worker (src/sw.ts): precache + per-user network-first API cache, see its header.
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['icons/favicon.svg'],
      manifest: {
        name: 'Cadence',
        short_name: 'Cadence',
        description:
          'Weekly executive reports: sections, projects, tasks, follow-ups and talking points.',
        display: 'standalone',
        start_url: paths.dashboard(),
        scope: paths.landing(),
        theme_color: '#2f54eb',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      injectManifest: {
        // The app shell: every built asset, so routes work offline once visited.
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
        // The worker is built as one classic script at /sw.js.
        rollupFormat: 'iife',
      },
      devOptions: { enabled: false },
    }),
  ],
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    rolldownOptions: {
      treeshake: {
        // @cadence/ui declares no `sideEffects`, so its barrel would drag every component (and
        // dnd-kit, cmdk, Radix) into the landing page. Its modules are pure apart from CSS.
        moduleSideEffects: (id: string) => !/[\\/]ui[\\/]src[\\/].*\.tsx?$/.test(id),
      },
    },
  },
})
