/**
 * Work asked for in one event-loop turn, done together on the next (setImmediate): the requests a poll
 * phase reads arrive in one turn, so their statements can become one. `run` gets each key's items once and
 * settles them; if it throws or rejects instead, `fail` settles each item with the error.
 */
export class TurnBatches<K, T> {
  private readonly open = new Map<K, T[]>();

  constructor(
    private readonly run: (key: K, items: T[]) => Promise<void>,
    private readonly fail: (item: T, error: unknown) => void,
  ) {}

  /** Adds `item` to this turn's batch under `key`. */
  add(key: K, item: T): void {
    let items = this.open.get(key);
    if (!items) {
      const gathered: T[] = (items = []);
      this.open.set(key, gathered);
      setImmediate(() => {
        this.open.delete(key);
        Promise.resolve()
          .then(() => this.run(key, gathered))
          .catch((error: unknown) => gathered.forEach((item) => this.fail(item, error)));
      });
    }
    items.push(item);
  }
}

/**
 * Splits `items` into statements where a key appears once (one UPDATE or upsert changes a row once) and
 * none holds more than `max`: a key's n-th item goes to the n-th statement or a later one, so a key's items
 * keep their order across statements run one after another.
 */
export function oncePerStatement<T>(items: readonly T[], keyOf: (item: T) => unknown, max: number): T[][] {
  const statements: T[][] = [];
  const next = new Map<unknown, number>();
  for (const item of items) {
    const key = keyOf(item);
    let i = next.get(key) ?? 0;
    while (statements[i] && statements[i]!.length >= max) i++;
    (statements[i] ??= []).push(item);
    next.set(key, i + 1);
  }
  return statements;
}
