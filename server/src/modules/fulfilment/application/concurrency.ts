import pMap from 'p-map';

/** Runs `task` over `items` with at most `limit` at a time; results in input order (p-map). */
export function mapLimit<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  return pMap(items, (item) => task(item), { concurrency: Math.max(1, limit) });
}

/** Splits `items` into consecutive chunks of at most `size`. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

/** Groups `items` by provider (or any key), keeping their order within each group (Map.groupBy). */
export function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  return Map.groupBy(items, key);
}
