import { ShortCache } from './short-cache.js';

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
