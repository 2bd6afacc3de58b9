// In-memory rate limits for one server process: the contact form per client address, the
// content API per token, admin sign-in per account and per address. A sliding log of hit
// times per key; keys that go quiet are dropped so memory stays bounded by active clients.
// Several processes behind a balancer would each count on their own (see ADR 007).

export interface RateLimitOptions {
  /** Hits allowed per window. */
  limit: number;
  /** Length of the window in milliseconds. */
  windowMs: number;
  /** Clock, for tests. */
  now?: () => number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Hits left in the current window after this one. */
  remaining: number;
  /** Whole seconds until the next hit would be allowed (0 when allowed). */
  retryAfterS: number;
}

export interface RateLimiter {
  /** Records a hit for `key` and says whether it is within the limit. */
  hit(key: string): RateLimitResult;
  /** Says whether a hit would be allowed, without recording one. */
  peek(key: string): RateLimitResult;
  /** Forgets `key` (after a successful sign-in, say). */
  reset(key: string): void;
}

/** Sweeping stale keys on every Nth hit keeps the map small without a timer. */
const SWEEP_EVERY_HITS = 500;

export function createRateLimiter({ limit, windowMs, now = Date.now }: RateLimitOptions): RateLimiter {
  const hits = new Map<string, number[]>();
  let sinceSweep = 0;

  function recent(key: string, at: number): number[] {
    const times = (hits.get(key) ?? []).filter((t) => at - t < windowMs);
    if (times.length === 0) hits.delete(key);
    else hits.set(key, times);
    return times;
  }

  function verdict(times: number[], at: number, recorded: boolean): RateLimitResult {
    const used = times.length;
    const allowed = recorded ? used <= limit : used < limit;
    const oldest = times[0] ?? at;
    return {
      allowed,
      remaining: Math.max(0, limit - used),
      retryAfterS: allowed ? 0 : Math.max(1, Math.ceil((oldest + windowMs - at) / 1000)),
    };
  }

  function sweep(at: number): void {
    for (const key of hits.keys()) recent(key, at);
  }

  return {
    hit(key) {
      const at = now();
      if (++sinceSweep >= SWEEP_EVERY_HITS) {
        sinceSweep = 0;
        sweep(at);
      }
      const times = recent(key, at);
      // A refused hit is not recorded, so a client that waits gets through on time.
      if (times.length >= limit) return verdict(times, at, false);
      times.push(at);
      hits.set(key, times);
      return verdict(times, at, true);
    },
    peek(key) {
      const at = now();
      return verdict(recent(key, at), at, false);
    },
    reset(key) {
      hits.delete(key);
    },
  };
}
