import { TurnBatches } from './turn-batch.js';
/** Most keys one renewal reads (one statement's array). */
const MAX_RENEWAL = 1_000;
/** A key is in use (renewed with others) while read within this many of its times (a slow tool still counts). */
const IN_USE = 5;

interface Entry<V> {
  /** When the value was loaded (clock milliseconds). */
  at: number;
  value: Promise<V>;
  /** When a reader last asked for it: only keys in use are renewed. */
  read: number;
  /** Its value from a renewal under way: readers after it expires wait for it instead of loading it again. */
  renewal?: Promise<V>;
}

/**
 * Values read on hot paths (settings, services, member sessions), kept `ms` in this process. The process's
 * own writes call `forget` so they show at once; another replica's writes show within `ms`. A failed load
 * is not kept, and concurrent readers of a missing key share one load.
 *
 * A cache made with {@link ShortCache.batched} loads by the hundred: the keys missing in one turn are read
 * together, and that read also renews every other key in use that is past half its time (readers of those keep the
 * value they have until the new one arrives). Keys polled by many tools (API keys, member prices) then cost
 * about one statement a second in all, not one per key every `ms`.
 */
export class ShortCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private loadMany: ((keys: K[]) => Promise<V[]>) | null = null;
  /** The keys missing this turn, read together on the next. */
  private readonly missing = new TurnBatches<null, { key: K; resolve: (v: V) => void; reject: (e: unknown) => void }>(
    async (_, asked) => {
      const loaded = await this.read(asked.map((a) => a.key));
      asked.forEach((a, i) => a.resolve(loaded[i]!));
    },
    (a, error) => a.reject(error),
  );

  constructor(
    private readonly ms: number,
    private readonly load: (key: K) => Promise<V>,
    /** Bounds memory: past this many keys the oldest entry goes first. */
    private readonly maxKeys = 10_000,
    private readonly clock: () => number = Date.now,
  ) {}

  /** A cache loading with `loadMany` (one value per key, in the keys' order), renewing keys in use together. */
  static batched<K, V>(
    ms: number,
    loadMany: (keys: K[]) => Promise<V[]>,
    maxKeys?: number,
    clock?: () => number,
  ): ShortCache<K, V> {
    // A missing key joins the read gathered this turn (renew), which loadMany answers.
    const cache: ShortCache<K, V> = new ShortCache<K, V>(ms, (key) => cache.renew(key), maxKeys, clock);
    cache.loadMany = loadMany;
    return cache;
  }

  get(key: K): Promise<V> {
    const now = this.clock();
    const entry = this.entries.get(key);
    if (entry && (now - entry.at < this.ms || entry.renewal)) {
      entry.read = now;
      return now - entry.at < this.ms ? entry.value : entry.renewal!;
    }
    const value = this.load(key);
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    this.entries.delete(key);
    if (this.entries.size >= this.maxKeys) this.entries.delete(this.entries.keys().next().value as K);
    this.entries.set(key, { at: now, value, read: now });
    return value;
  }

  /**
   * `key` joins the read gathered this turn (readers missing keys at the same moment, as tools do after a
   * restart, share one statement); the read starts on the next turn.
   */
  private renew(key: K): Promise<V> {
    return new Promise((resolve, reject) => this.missing.add(null, { key, resolve, reject }));
  }

  /** Loads `missing` with every other key in use that is past half its time; those are replaced when it arrives. */
  private read(missing: K[]): Promise<V[]> {
    const now = this.clock();
    const keys = [...missing];
    const wanted = new Set(missing);
    const renewed: Entry<V>[] = [];
    for (const [other, entry] of this.entries) {
      if (keys.length >= MAX_RENEWAL) break;
      if (wanted.has(other) || entry.renewal || now - entry.at < this.ms / 2 || now - entry.read >= IN_USE * this.ms)
        continue;
      keys.push(other);
      renewed.push(entry);
    }
    const values = this.loadMany!(keys);
    const first = missing.length;
    renewed.forEach((entry, i) => {
      entry.renewal = values.then((loaded) => loaded[first + i]!);
      entry.renewal.catch(() => undefined); // its readers get the failure; nobody reading it is no failure
    });
    values.then(
      (loaded) =>
        renewed.forEach((entry, i) => {
          const other = keys[first + i]!;
          // Forgotten (or loaded again) meanwhile: the renewal may have read the row before the write.
          if (this.entries.get(other) !== entry) return;
          this.entries.set(other, { at: now, value: Promise.resolve(loaded[first + i]!), read: entry.read });
        }),
      // A failed renewal is not kept: the entries expire as they would have, and their next reader loads them.
      () => renewed.forEach((entry) => delete entry.renewal),
    );
    return values;
  }

  /** Drops one key, or every key. */
  forget(key?: K): void {
    if (key === undefined) this.entries.clear();
    else this.entries.delete(key);
  }
}

/**
 * Rows read by the hundred on a hot path (a reseller's tool polls the status of its last 100 orders twice a
 * second), kept at most `ms` in this process. One read loads every key missing or expired; a key the read
 * did not find is not kept. The process's own writes call `forget`, and a read that was under way when a
 * forget came keeps nothing (it may have read the row before the write); another replica's writes show
 * within `ms`.
 *
 * Rows are kept by group (a tool's orders: its member) until the end of the group's current window of `ms`;
 * the groups' windows are staggered. A group's rows so expire together and one read renews them all, so a
 * tool polling twice a second costs one read every `ms`, and the tools' reads spread over time.
 */
export class ShortRowCache<K, V> {
  private readonly entries = new Map<K, { until: number; value: V }>();
  private forgets = 0;

  constructor(
    private readonly ms: number,
    /** Bounds memory: past this many keys the oldest entry goes first. */
    private readonly maxKeys = 100_000,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The kept rows of `keys`, and the rest read by `load` in one call (what it does not return is absent). */
  async getMany(keys: readonly K[], load: (missing: K[]) => Promise<Map<K, V>>, group = 0): Promise<Map<K, V>> {
    const now = this.clock();
    const found = new Map<K, V>();
    const missing: K[] = [];
    for (const key of keys) {
      const entry = this.entries.get(key);
      if (entry && now < entry.until) found.set(key, entry.value);
      else missing.push(key);
    }
    if (missing.length === 0) return found;
    const mark = this.forgets;
    const loaded = await load(missing);
    const until = this.windowEnd(now, group);
    for (const [key, value] of loaded) {
      found.set(key, value);
      this.keep(key, value, until, mark);
    }
    return found;
  }

  /** Where the cache stands now: a row read or written after it is kept by {@link put} only if nothing was forgotten since. */
  mark(): number {
    return this.forgets;
  }

  /** Keeps a row of `group` this process has just written (a new order), unless a forget came since `mark`. */
  put(key: K, value: V, mark: number, group = 0): void {
    this.keep(key, value, this.windowEnd(this.clock(), group), mark);
  }

  /** When `group`'s window holding `now` ends (at most `ms` later): windows of `ms`, staggered by group. */
  private windowEnd(now: number, group: number): number {
    const offset = (Math.imul(group, 0x9e3779b1) >>> 0) % this.ms;
    return Math.floor((now - offset) / this.ms) * this.ms + offset + this.ms;
  }

  private keep(key: K, value: V, until: number, mark: number): void {
    if (this.forgets !== mark) return;
    this.entries.delete(key);
    if (this.entries.size >= this.maxKeys) this.entries.delete(this.entries.keys().next().value as K);
    this.entries.set(key, { until, value });
  }

  /** Drops these keys, or every key. */
  forget(keys?: Iterable<K>): void {
    this.forgets++;
    if (keys === undefined) this.entries.clear();
    else for (const key of keys) this.entries.delete(key);
  }
}
