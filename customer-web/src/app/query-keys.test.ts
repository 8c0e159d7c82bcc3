/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { accountKeys } from '../features/account/api/keys';
import { authKeys } from '../features/auth/api/keys';
import { guideKeys } from '../features/guide/api/keys';
import { orderKeys } from '../features/orders/api/keys';
import { pointKeys } from '../features/point/api/keys';
import { popupKeys } from '../features/popups/api/keys';
import { qnaKeys } from '../features/qna/api/keys';
import { supportKeys } from '../features/support/api/keys';
import { sharedKeys } from '../lib/query-keys';

const SRC = join(process.cwd(), 'customer-web', 'src');
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(join(dir, e.name))
      : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)
        ? [join(dir, e.name)]
        : [],
  );

describe('query keys', () => {
  it('are never written literally outside the key factories', () => {
    const literal = /(queryKey:\s*\[|setQueryData\(\s*\[|getQueryData\(\s*\[)/;
    const found = sources(SRC)
      .filter((file) => !/(\/api\/keys\.ts|\/lib\/query-keys\.ts)$/.test(file))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, i) => [line, i] as const)
          .filter(([line]) => literal.test(line))
          .map(([line, i]) => `${relative(SRC, file)}:${i + 1}: ${line.trim()}`),
      );
    expect(found).toEqual([]);
  });

  it('start with the API path they read, so a key names one resource', () => {
    const all = {
      ...sharedKeys,
      ...authKeys,
      ...accountKeys,
      ...guideKeys,
      ...pointKeys,
      ...popupKeys,
      ...qnaKeys,
      ...Object.fromEntries(Object.entries(orderKeys).filter(([, v]) => Array.isArray(v))),
    } as Record<string, readonly unknown[]>;
    for (const key of Object.values(all)) expect(String(key[0])).toMatch(/^\/(auth|service)\//);
    // The two notice resources that once shared ['notices'] (an array and an object) are apart.
    expect(orderKeys.notices).not.toEqual(accountKeys.noticePrefs);
    const first = Object.values(all).map((k) => k[0]);
    expect(new Set(first).size).toBe(first.length);
    expect(orderKeys.history('order-history', { status: null, page: 2 })).toEqual([
      '/service/order-history',
      { status: null, page: 2 },
    ]);
    expect(supportKeys.ticket(3)).toEqual(['/service/tickets', 3]);
  });
});
