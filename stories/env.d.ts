// Side-effect CSS imports (`import '@cadence/ui/styles.css'`) are handled by Vite and Bun.
declare module '*.css'
