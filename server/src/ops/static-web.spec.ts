import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StorefrontBootData } from '../contracts/content.js';
import { inlineJson, STOREFRONT_DATA_MARKER, StorefrontIndex } from './static-web.js';

describe('the storefront index.html with its popups written in', () => {
  let dir: string;
  let file: string;
  let now: number;
  let calls: number;
  let data: StorefrontBootData;
  let fail: boolean;
  const index = () =>
    new StorefrontIndex(
      file,
      async () => {
        calls++;
        if (fail) throw new Error('database down');
        return structuredClone(data);
      },
      () => now,
    );
  const written = (html: Buffer) =>
    JSON.parse(
      /<script type="application\/json" id="storefront-data">(.*?)<\/script>/.exec(html.toString())![1]!,
    ) as StorefrontBootData;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'storefront-index-'));
    file = join(dir, 'index.html');
    writeFileSync(file, `<html><head>${STOREFRONT_DATA_MARKER}<script>/* app */</script></head><body></body></html>`);
    now = 1_000_000;
    calls = 0;
    fail = false;
    data = { popups: [{ id: 1, enabled: true, imageUrl: '/uploads/a.webp' }] };
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the data in place of the marker, as JSON that cannot end the script element', async () => {
    data.popups[0]!.imageUrl = 'https://cdn.example.com/x.png?a=</script><script>alert(1)</script>&b=<!--';
    const html = (await index().render()).toString();
    expect(html).not.toContain(STOREFRONT_DATA_MARKER);
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html).not.toContain('<!--');
    expect(written(Buffer.from(html))).toEqual(data);
    expect(inlineJson({ s: '\u2028' })).toBe('{"s":"\\u2028"}');
  });

  it('renders once for many requests, again after invalidate() and after 30 seconds', async () => {
    const storefront = index();
    await Promise.all([storefront.render(), storefront.render()]);
    await storefront.render();
    expect(calls).toBe(1);

    data.popups.push({ id: 2, enabled: true, imageUrl: '/uploads/b.webp' });
    storefront.invalidate();
    expect(written(await storefront.render()).popups.map((p) => p.id)).toEqual([1, 2]);
    expect(calls).toBe(2);

    data.popups = [];
    now += 29_999;
    expect(written(await storefront.render()).popups).toHaveLength(2);
    now += 1;
    expect(written(await storefront.render()).popups).toEqual([]);
    expect(calls).toBe(3);
  });

  it('without its data the page goes out plain (the app asks the API), and the next request tries again', async () => {
    const storefront = index();
    fail = true;
    const html = (await storefront.render()).toString();
    expect(html).not.toContain('storefront-data');
    expect(html).toContain('<script>/* app */</script>');
    fail = false;
    expect(written(await storefront.render()).popups).toHaveLength(1);
    expect(calls).toBe(2);
    await storefront.render();
    expect(calls).toBe(2);
  });
});
