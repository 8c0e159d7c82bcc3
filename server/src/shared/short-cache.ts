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

/**
 * Rows read by the hundred on a hot path (a reseller's tool polls the status of its last 100 orders twice a
 * second), kept `ms` per key in this process. One read loads every key missing or expired; a key the read
 * did not find is not kept. The process's own writes call `forget`, and a read that was under way when a
 * forget came keeps nothing (it may have read the row before the write); another replica's writes show
 * within `ms`.
 */
export class ShortRowCache<K, V> {
  private readonly entries = new Map<K, { at: number; value: V }>();
  private forgets = 0;

  constructor(
    private readonly ms: number,
    /** Bounds memory: past this many keys the oldest entry goes first. */
    private readonly maxKeys = 100_000,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The kept rows of `keys`, and the rest read by `load` in one call (what it does not return is absent). */
  async getMany(keys: readonly K[], load: (missing: K[]) => Promise<Map<K, V>>): Promise<Map<K, V>> {
    const now = this.clock();
    const found = new Map<K, V>();
    const missing: K[] = [];
    for (const key of keys) {
      const entry = this.entries.get(key);
      if (entry && now - entry.at < this.ms) found.set(key, entry.value);
      else missing.push(key);
    }
    if (missing.length === 0) return found;
    const mark = this.forgets;
    const loaded = await load(missing);
    for (const [key, value] of loaded) {
      found.set(key, value);
      this.keep(key, value, now, mark);
    }
    return found;
  }

  /** Where the cache stands now: a row read or written after it is kept by {@link put} only if nothing was forgotten since. */
  mark(): number {
    return this.forgets;
  }

  /** Keeps a row this process has just written (a new order), unless a forget came since `mark`. */
  put(key: K, value: V, mark: number): void {
    this.keep(key, value, this.clock(), mark);
  }

  private keep(key: K, value: V, at: number, mark: number): void {
    if (this.forgets !== mark) return;
    this.entries.delete(key);
    if (this.entries.size >= this.maxKeys) this.entries.delete(this.entries.keys().next().value as K);
    this.entries.set(key, { at, value });
  }

  /** Drops these keys, or every key. */
  forget(keys?: Iterable<K>): void {
    this.forgets++;
    if (keys === undefined) this.entries.clear();
    else for (const key of keys) this.entries.delete(key);
  }
}
