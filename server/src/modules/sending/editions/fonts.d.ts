// A font imported `with { type: 'file' }`: its path (in the compiled build, inside the binary).
declare module '*.ttf' {
  const path: string
  export default path
}
