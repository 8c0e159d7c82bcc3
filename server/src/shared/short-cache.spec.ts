import { ShortCache, ShortRowCache } from './short-cache.js';

describe('ShortCache', () => {
  let now = 1_000_000;
  const clock = () => now;

  const counting = (maxKeys?: number) => {
    const loads: string[] = [];
    const cache = new ShortCache<string, string>(
      2_000,
      async (key) => {
        loads.push(key);
        return `${key}#${loads.length}`;
      },
      maxKeys,
      clock,
    );
    return { cache, loads };
  };

  it('keeps a value for its time, then loads it again', async () => {
    const { cache, loads } = counting();
    expect(await cache.get('a')).toBe('a#1');
    now += 1_999;
    expect(await cache.get('a')).toBe('a#1');
    now += 1;
    expect(await cache.get('a')).toBe('a#2');
    expect(loads).toEqual(['a', 'a']);
  });

  it('shares one load among concurrent readers', async () => {
    const { cache, loads } = counting();
    expect(await Promise.all([cache.get('a'), cache.get('a'), cache.get('b')])).toEqual(['a#1', 'a#1', 'b#2']);
    expect(loads).toEqual(['a', 'b']);
  });

  it('forgets one key or all at once', async () => {
    const { cache } = counting();
    await cache.get('a');
    await cache.get('b');
    cache.forget('a');
    expect(await cache.get('a')).toBe('a#3');
    expect(await cache.get('b')).toBe('b#2');
    cache.forget();
    expect(await cache.get('b')).toBe('b#4');
  });

  it('does not keep a failed load', async () => {
    let fail = true;
    const cache = new ShortCache<string, string>(2_000, async () => {
      if (fail) throw new Error('database down');
      return 'ok';
    });
    await expect(cache.get('a')).rejects.toThrow('database down');
    fail = false;
    expect(await cache.get('a')).toBe('ok');
  });

  it('drops the oldest key past its bound', async () => {
    const { cache, loads } = counting(2);
    await cache.get('a');
    await cache.get('b');
    await cache.get('c');
    await cache.get('b');
    await cache.get('a');
    expect(loads).toEqual(['a', 'b', 'c', 'a']);
  });
});

describe('ShortCache.batched', () => {
  let now = 1_000_000;
  const clock = () => now;
  beforeEach(() => (now = 1_000_000));

  const counting = () => {
    const reads: string[][] = [];
    let gate: Promise<void> | null = null;
    let failing = false;
    const cache = ShortCache.batched<string, string>(
      2_000,
      async (keys) => {
        reads.push(keys);
        const n = reads.length;
        if (gate) await gate;
        if (failing) throw new Error('database down');
        return keys.map((key) => `${key}#${n}`);
      },
      undefined,
      clock,
    );
    return {
      cache,
      reads,
      hold: () => {
        let release!: () => void;
        gate = new Promise<void>((r) => (release = r));
        return () => {
          gate = null;
          release();
        };
      },
      fail: (on: boolean) => (failing = on),
    };
  };

  it('renews the other keys in use that are past half their time in the same read', async () => {
    const { cache, reads } = counting();
    expect(await cache.get('a')).toBe('a#1');
    now += 900;
    // a is 0.9 s old: not renewed with b.
    expect(await cache.get('b')).toBe('b#2');
    now += 900;
    // a is 1.8 s old: renewed with c (b, 0.9 s, is not), and read as renewed from then on.
    expect(await cache.get('c')).toBe('c#3');
    expect(await cache.get('a')).toBe('a#3');
    now += 1_100;
    // b expired: read with a and c (both 1.1 s old since their renewal).
    expect(await cache.get('b')).toBe('b#4');
    expect([await cache.get('a'), await cache.get('c')]).toEqual(['a#4', 'c#4']);
    expect(reads).toEqual([['a'], ['b'], ['c', 'a'], ['b', 'a', 'c']]);
  });

  it('reads the keys missing in one turn together', async () => {
    const { cache, reads } = counting();
    expect(await Promise.all([cache.get('a'), cache.get('b'), cache.get('a'), cache.get('c')])).toEqual([
      'a#1',
      'b#1',
      'a#1',
      'c#1',
    ]);
    expect(await cache.get('d')).toBe('d#2');
    expect(reads).toEqual([['a', 'b', 'c'], ['d']]);
  });

  it('leaves out keys nobody read for five of their times', async () => {
    const { cache, reads } = counting();
    await cache.get('idle');
    await cache.get('busy');
    for (let t = 0; t < 10; t++) {
      now += 2_000;
      await cache.get('busy');
    }
    expect(reads.at(-1)).toEqual(['busy']);
    // Its own load, then renewals while it was read within 10 s (at 2, 4, 6 and 8 s), then none.
    expect(reads.filter((keys) => keys.includes('idle')).length).toBe(5);
  });

  it('serves the kept value during a renewal, and a reader after it expires waits for the renewal', async () => {
    const { cache, reads, hold } = counting();
    await cache.get('a');
    await cache.get('b');
    now += 1_999;
    const release = hold();
    now += 1;
    const a = cache.get('a');
    // b (2 s old too, and being renewed) is not loaded a second time.
    const b = cache.get('b');
    release();
    expect([await a, await b]).toEqual(['a#3', 'b#3']);
    expect(reads).toEqual([['a'], ['b'], ['a', 'b']]);
  });

  it('keeps nothing of a renewal for a key forgotten meanwhile, nor of a failed one', async () => {
    const { cache, reads, hold, fail } = counting();
    await cache.get('a');
    await cache.get('b');
    now += 2_000;
    const release = hold();
    const a = cache.get('a');
    await new Promise((started) => setImmediate(started)); // the read starts on the next turn
    cache.forget('b');
    release();
    expect(await a).toBe('a#3');
    expect(reads.at(-1)).toEqual(['a', 'b']);
    expect(await cache.get('b')).toBe('b#4');
    // A renewal that fails: its own reader gets the error, the others keep their value until it expires.
    now += 1_500;
    fail(true);
    await expect(cache.get('c')).rejects.toThrow('database down');
    expect(reads.at(-1)).toEqual(['c', 'a', 'b']);
    fail(false);
    expect(await cache.get('a')).toBe('a#3');
    now += 500;
    expect(await cache.get('a')).toBe('a#6');
  });
});

describe('ShortRowCache', () => {
  let now = 1_000_000;
  const clock = () => now;
  beforeEach(() => (now = 1_000_000));
  const rows = new Map([
    [1, 'one'],
    [2, 'two'],
    [3, 'three'],
  ]);

  const counting = (maxKeys?: number) => {
    const reads: number[][] = [];
    const cache = new ShortRowCache<number, string>(2_000, maxKeys, clock);
    const load = async (missing: number[]) => {
      reads.push(missing);
      return new Map(missing.filter((k) => rows.has(k)).map((k) => [k, `${rows.get(k)}#${reads.length}`]));
    };
    return { cache, reads, get: (keys: number[]) => cache.getMany(keys, load) };
  };

  it('reads only the keys it does not keep, in one call, and keeps a group until its window ends', async () => {
    const { reads, get } = counting();
    // Group 0's windows start at multiples of 2 s; 1,000,000 is one.
    expect([...(await get([1, 2]))]).toEqual([
      [1, 'one#1'],
      [2, 'two#1'],
    ]);
    now += 1_000;
    expect([...(await get([1, 2, 3]))]).toEqual([
      [1, 'one#1'],
      [2, 'two#1'],
      [3, 'three#2'],
    ]);
    now += 999;
    expect((await get([1, 2, 3])).get(3)).toBe('three#2');
    now += 1;
    // The window ended: all three are read again together (3 was kept 1 s, never more than 2 s).
    expect((await get([1, 2, 3])).get(3)).toBe('three#3');
    expect(reads).toEqual([[1, 2], [3], [1, 2, 3]]);
  });

  it("staggers the groups' windows, and keeps no row longer than its time", async () => {
    const cache = new ShortRowCache<number, string>(2_000, undefined, clock);
    const reads: Array<{ group: number; at: number }> = [];
    const get = (group: number, keys: number[]) =>
      cache.getMany(
        keys,
        async (missing) => (reads.push({ group, at: now }), new Map(missing.map((k) => [k, 'x']))),
        group,
      );
    const start = now;
    const lives = new Map<number, number>();
    for (let group = 1; group <= 50; group++) await get(group, [group]);
    // Poll each group every 100 ms for 4 s: a row read at t is read again no later than t + 2 s.
    for (let t = 100; t <= 4_000; t += 100) {
      now = start + t;
      for (let group = 1; group <= 50; group++) {
        const before = reads.length;
        await get(group, [group]);
        if (reads.length > before) lives.set(group, (lives.get(group) ?? 0) + 1);
      }
    }
    // Every group was read again once or twice in 4 s (its window's end), the groups at different moments.
    for (let group = 1; group <= 50; group++) expect(lives.get(group)).toBeGreaterThanOrEqual(1);
    for (let group = 1; group <= 50; group++) expect(lives.get(group)).toBeLessThanOrEqual(2);
    const renewedAt = new Set(reads.slice(50).map((read) => read.at));
    expect(renewedAt.size).toBeGreaterThan(10);
    // Kept no longer than 2 s: each group's reads are at most 2 s apart.
    for (let group = 1; group <= 50; group++) {
      const at = [start, ...reads.filter((read) => read.group === group).map((read) => read.at)];
      for (let i = 1; i < at.length; i++) expect(at[i]! - at[i - 1]!).toBeLessThanOrEqual(2_000);
    }
  });

  it('does not keep a key the read did not find', async () => {
    const { reads, get } = counting();
    expect((await get([4])).size).toBe(0);
    expect((await get([4])).size).toBe(0);
    expect(reads).toEqual([[4], [4]]);
  });

  it('forgets keys at once, and keeps nothing of a read under way when a forget came', async () => {
    const { cache, reads, get } = counting();
    await get([1, 2]);
    cache.forget([1]);
    expect((await get([1, 2])).get(1)).toBe('one#2');
    // A read that started before a forget may hold the row as it was before the write: it is answered, not kept.
    let release!: () => void;
    const slow = cache.getMany([3], async (missing) => {
      await new Promise<void>((r) => (release = r));
      reads.push(missing);
      return new Map([[3, 'three#old']]);
    });
    cache.forget([3]);
    release();
    expect((await slow).get(3)).toBe('three#old');
    expect((await get([3])).get(3)).toBe('three#4');
    cache.forget();
    expect((await get([1, 2, 3])).get(2)).toBe('two#5');
  });

  it('keeps a row written here, unless a forget came since the mark', async () => {
    const { cache, reads, get } = counting();
    const mark = cache.mark();
    cache.put(7, 'seven', mark);
    expect((await get([7])).get(7)).toBe('seven');
    const stale = cache.mark();
    cache.forget([1]);
    cache.put(8, 'eight', stale);
    expect((await get([8])).size).toBe(0);
    expect(reads).toEqual([[8]]);
  });

  it("keeps a row written here until its group's window ends, like the rows read with it", async () => {
    const { cache, reads, get } = counting();
    cache.put(9, 'nine', cache.mark(), 0);
    now += 1_999;
    expect((await get([9])).get(9)).toBe('nine');
    now += 1;
    expect((await get([9])).size).toBe(0);
    expect(reads).toEqual([[9]]);
  });

  it('keeps at most maxKeys, the oldest going first', async () => {
    const { reads, get } = counting(2);
    await get([1, 2]);
    await get([3]);
    await get([2, 3]);
    await get([1]);
    expect(reads).toEqual([[1, 2], [3], [1]]);
  });
});
