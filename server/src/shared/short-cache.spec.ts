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

describe('ShortRowCache', () => {
  let now = 1_000_000;
  const clock = () => now;
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

  it('reads only the keys it does not keep, in one call, and keeps each for its time', async () => {
    const { reads, get } = counting();
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
    now += 1_000;
    // 1 and 2 are 2 s old: read again; 3 is kept.
    expect((await get([1, 2, 3])).get(1)).toBe('one#3');
    expect(reads).toEqual([[1, 2], [3], [1, 2]]);
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

  it('keeps at most maxKeys, the oldest going first', async () => {
    const { reads, get } = counting(2);
    await get([1, 2]);
    await get([3]);
    await get([2, 3]);
    await get([1]);
    expect(reads).toEqual([[1, 2], [3], [1]]);
  });
});
