/**
 * The name an island's script gives its exports (`var island = {...}`, local to the wrapper
 * deferHydration puts around it): scripts/build/vite-islands.ts builds it, the page calls through it.
 */
export const ISLAND_EXPORTS = "island";
