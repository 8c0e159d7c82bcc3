import { chunk, groupBy, mapLimit } from './concurrency.js';

describe('fulfilment concurrency helpers', () => {
  it('mapLimit answers in input order and never runs more than the limit at once', async () => {
    let running = 0;
    let most = 0;
    const results = await mapLimit([5, 1, 4, 2, 3], 2, async (n) => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, n));
      running--;
      return n * 10;
    });
    expect(results).toEqual([50, 10, 40, 20, 30]);
    expect(most).toBe(2);
  });

  it('mapLimit of nothing is nothing, and a limit below one still runs', async () => {
    expect(await mapLimit([], 4, async (n: number) => n)).toEqual([]);
    expect(await mapLimit([1, 2], 0, async (n) => n + 1)).toEqual([2, 3]);
  });

  it('groupBy keeps the items’ order within each group, groups in first-seen order', () => {
    const groups = groupBy(
      [
        { p: 2, i: 1 },
        { p: 1, i: 2 },
        { p: 2, i: 3 },
      ],
      (o) => o.p,
    );
    expect([...groups.keys()]).toEqual([2, 1]);
    expect(groups.get(2)!.map((o) => o.i)).toEqual([1, 3]);
  });

  it('chunk splits into consecutive pieces', () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  });
});
