/**
 * A query key names what it caches: the API path it reads (`/auth/notices`, `/service/notices`), then its
 * parameters. Two screens share a cache entry only when they read the same resource (two features once shared
 * `['notices']` for an object and an array, and the list threw). Each feature spells its keys in its own
 * api/keys.ts; no other file writes a key literally (query-keys.test.ts checks).
 */
export const resourceKey = <const P extends `/${string}`, const A extends readonly unknown[]>(path: P, ...params: A) =>
  [path, ...params] as const;

/** The keys of lib/ (read by every feature). */
export const sharedKeys = {
  profile: resourceKey('/auth/profile'),
  settings: resourceKey('/service/settings'),
  maintenance: resourceKey('/service/maintenance'),
};
