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
 * The Latin subset of Inter, preloaded from index.html. Without the hint the browser asks for it
 * only once the first text is laid out, after the entry has run; the text is painted in the
 * fallback font, and when Inter arrives it is painted again, larger, which is the page's Largest
 * Contentful Paint (the landing's heading: docs/benchmarks.md). Every page of the app uses it.
 */
function preloadFont(): Plugin {
  return {
    name: 'cadence-preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const font = Object.keys(ctx.bundle ?? {}).find((file) =>
          /\/inter-latin-wght-normal-[\w-]+\.woff2$/.test(file),
        )
        if (!font) throw new Error('preloadFont: no inter-latin-wght-normal woff2 in the bundle')
        return [
          {
            tag: 'link',
            attrs: {
              rel: 'preload',
              as: 'font',
              type: 'font/woff2',
              crossorigin: true,
              href: `/${font}`,
            },
            injectTo: 'head' as const,
          },
        ]
      },
    },
  }
}

/** The pages src/early-user.js preloads, by the name it matches a path to (core/src/routes.ts). */
const EARLY_CHUNKS: Record<string, string> = {
  signedIn: 'signed-in',
  shared: 'shared',
  dashboard: 'dashboard',
  reports: 'reports-overview',
  draft: 'draft',
  edition: 'edition',
  report: 'report',
  projects: 'projects-overview',
  project: 'project',
  team: 'team-overview',
  teamUpdates: 'team-updates',
  decisions: 'decisions',
  prep: 'prep',
  teamMember: 'team-member',
  settings: 'settings',
  admin: 'admin',
}

/**
 * src/early-user.js as a hashed asset, loaded by index.html before the app's scripts: it starts
 * GET /api/users/me and the page's first data request at once, and preloads the page's chunks,
 * instead of after the entry has downloaded and run (the critical path). A classic external
 * script: the server's CSP allows no inline script. The chunks of each page (the route's module
 * and what it imports, less what index.html loads already and, for a page, less the signed-in
 * app's) are written into its `data-files` (a table) and `data-chunks` ("name:index,index;…").
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
      handler(html, ctx) {
        const bundle = ctx.bundle ?? {}
        const asset = Object.values(bundle).find(
          (f) => f.type === 'asset' && /(^|\/)early-user-[^/]*\.js$/.test(f.fileName),
        )
        if (!asset) throw new Error('earlyUserRequest: src/early-user.js was not emitted')
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk')
        const closure = (module: string, skip: Set<string>) => {
          const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(`/src/routes/${module}.tsx`))
          if (!chunk) throw new Error(`earlyUserRequest: no chunk for src/routes/${module}.tsx`)
          const files = new Set<string>()
          const visit = (file: string) => {
            if (files.has(file) || skip.has(file) || html.includes(`/${file}"`)) return
            files.add(file)
            for (const imported of chunks.find((c) => c.fileName === file)?.imports ?? [])
              visit(imported)
          }
          visit(chunk.fileName)
          return files
        }
        const signedIn = closure(EARLY_CHUNKS.signedIn, new Set())
        // One table of files (in assets/, without ".js"), each page by indexes into it.
        const table: string[] = []
        const indexOf = (file: string) => {
          const name = file.replace(/^assets\//, '').replace(/\.js$/, '')
          if (!table.includes(name)) table.push(name)
          return table.indexOf(name)
        }
        const entries = Object.entries(EARLY_CHUNKS).map(([name, module]) => {
          const files = name === 'signedIn' || name === 'shared' ? new Set<string>() : signedIn
          return `${name}:${[...closure(module, files)].map(indexOf).join(',')}`
        })
        return [
          {
            tag: 'script',
            attrs: {
              src: `/${asset.fileName}`,
              'data-files': table.join(','),
              'data-chunks': entries.join(';'),
            },
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
    preloadFont(),
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
