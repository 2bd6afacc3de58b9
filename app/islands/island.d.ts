// An island's bundled, minified source (scripts/vite-islands.ts).
declare module "*?island" {
  const source: string;
  export default source;
}
