import { hasControlCharacter } from './control-characters.js';
import {
  contains,
  filterDate,
  filterFlag,
  filterId,
  filterIds,
  filterOneOf,
  filterOneOrMany,
  filterText,
  FilterValueError,
  flagOf,
  idOf,
  likePattern,
  searchIn,
} from './list-filters.js';

describe('operator list filter values', () => {
  const refused = (read: () => unknown) => expect(read).toThrow(FilterValueError);

  it('reads ids as int4 and refuses anything else', () => {
    expect(filterId(7)).toBe(7);
    expect(filterId(' 42 ')).toBe(42);
    for (const v of [-1, 1.5, 2 ** 31, 1e19, '1e3', 'abc', '', true, null, [1], { $ne: null }])
      refused(() => filterId(v));
    expect(filterIds([1, '2'], filterId)).toEqual([1, 2]);
    refused(() =>
      filterIds(
        Array.from({ length: 1001 }, (_, i) => i),
        filterId,
      ),
    );
  });

  it('reads switches, dates and enums strictly', () => {
    expect([filterFlag(true), filterFlag('false')]).toEqual([true, false]);
    for (const v of [1, 'yes', null, [true], { $ne: null }]) refused(() => filterFlag(v));
    expect(filterDate('2026-01-31T00:00:00Z').toISOString()).toBe('2026-01-31T00:00:00.000Z');
    for (const v of ['soon', 1e19, { $gt: 0 }, ['2026-01-01']]) refused(() => filterDate(v));
    expect(filterOneOf(['A', 'B'] as const, 'A')).toBe('A');
    refused(() => filterOneOf(['A', 'B'] as const, { $ne: null }));
    expect(filterOneOrMany(['A', 'B'] as const, ['A', 'B'])).toEqual(['A', 'B']);
    refused(() => filterOneOrMany(['A', 'B'] as const, ['A', 'C']));
    refused(() => filterOneOrMany(['A', 'B'] as const, []));
  });

  it('escapes LIKE wildcards once, and refuses objects and control characters in a search', () => {
    expect(likePattern('100%_\\')).toBe('%100\\%\\_\\\\%');
    expect(contains('a_b')).toEqual({ $ilike: '%a\\_b%' });
    expect(filterText(12)).toBe('12');
    for (const v of [{ $ne: null }, ['a'], 'a\u0000', 'x'.repeat(201)]) refused(() => filterText(v));
  });

  it("builds a field's condition with the same checks", () => {
    expect(searchIn('text')('5%')).toEqual({ text: { $ilike: '%5\\%%' } });
    expect(searchIn('title', 'answer')('a')).toEqual({
      $or: [{ title: { $ilike: '%a%' } }, { answer: { $ilike: '%a%' } }],
    });
    expect(flagOf('visible')('false')).toEqual({ visible: false });
    expect(idOf('categoryId')('7')).toEqual({ categoryId: 7 });
    for (const build of [searchIn('text'), flagOf('visible'), idOf('categoryId')]) refused(() => build({ $ne: null }));
  });

  it('finds control characters anywhere in a parsed body, but lets tab and line breaks through', () => {
    expect(hasControlCharacter({ a: ['ok', { b: 'x\u0000' }] })).toBe(true);
    expect(hasControlCharacter({ 'k\u0007': 1 })).toBe(true);
    expect(hasControlCharacter('a\u0085b')).toBe(true);
    expect(hasControlCharacter({ memo: '줄1\r\n줄2\t끝', emoji: '👨‍👩‍👧' })).toBe(false);
  });
});
