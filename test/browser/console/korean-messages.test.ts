import englishMessages from 'ra-language-english';
import { raKorean } from '../../../admin-web/src/i18n/ra-ko.js';

type Tree = { [key: string]: string | Tree };

const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));

const valueAt = (tree: Tree, path: string): unknown =>
  path.split('.').reduce<unknown>((node, k) => (node as Tree | undefined)?.[k], tree);

const placeholders = (text: string) => [...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("the console's Korean react-admin messages", () => {
  const english = keys(englishMessages as unknown as Tree);

  it("covers every key of react-admin's English messages, and nothing else", () => {
    expect(keys(raKorean as unknown as Tree).sort()).toEqual([...english].sort());
  });

  it('uses only placeholders react-admin fills, one form per message (Korean has one plural form), counts where English counts', () => {
    for (const key of english) {
      const en = String(valueAt(englishMessages as unknown as Tree, key));
      const ko = String(valueAt(raKorean as unknown as Tree, key));
      const unknown = placeholders(ko).filter((p) => !placeholders(en).includes(p));
      expect({ key, unknown, variants: ko.includes('||||') }).toEqual({ key, unknown: [], variants: false });
      if (en.includes('||||')) expect({ key, counts: ko.includes('%{smart_count}') }).toEqual({ key, counts: true });
    }
  });

  it('is Korean', () => {
    // Every message with words has Hangul; only placeholder-only titles and the blank "null" label have none.
    const wordless = (text: string) => text.replace(/%\{\w+\}/g, '').trim() === '';
    const notKorean = english.filter((key) => {
      const ko = String(valueAt(raKorean as unknown as Tree, key));
      return !wordless(ko) && !/[가-힣]/.test(ko);
    });
    expect(notKorean).toEqual([]);
  });
});
