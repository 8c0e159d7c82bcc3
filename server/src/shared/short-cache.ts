/**
 * Values read on hot paths (settings, services, member sessions), kept `ms` in this process. The process's
 * own writes call `forget` so they show at once; another replica's writes show within `ms`. A failed load
 * is not kept, and concurrent readers of a missing key share one load.
 */
export class ShortCache<K, V> {
  private readonly entries = new Map<K, { at: number; value: Promise<V> }>();

  constructor(
    private readonly ms: number,
    private readonly load: (key: K) => Promise<V>,
    /** Bounds memory: past this many keys the oldest entry goes first. */
    private readonly maxKeys = 10_000,
    private readonly clock: () => number = Date.now,
  ) {}

  get(key: K): Promise<V> {
    const now = this.clock();
    const entry = this.entries.get(key);
    if (entry && now - entry.at < this.ms) return entry.value;
    const value = this.load(key);
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    this.entries.delete(key);
    if (this.entries.size >= this.maxKeys) this.entries.delete(this.entries.keys().next().value as K);
    this.entries.set(key, { at: now, value });
    return value;
  }

  /** Drops one key, or every key. */
  forget(key?: K): void {
    if (key === undefined) this.entries.clear();
    else this.entries.delete(key);
  }
}
