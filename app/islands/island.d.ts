// An island's bundled, minified source (scripts/build/vite-islands.ts).
declare module "*?island" {
  const source: string;
  export default source;
}
