import { commentLines, serviceTypeOf } from './service-types.js';

describe('service types', () => {
  it('reads an upstream type in any spelling, and refuses types not sold here', () => {
    expect(serviceTypeOf(undefined)).toBe('Default');
    expect(serviceTypeOf('')).toBe('Default');
    expect(serviceTypeOf('default')).toBe('Default');
    expect(serviceTypeOf('Custom Comments')).toBe('Custom Comments');
    expect(serviceTypeOf('custom_comments')).toBe('Custom Comments');
    expect(serviceTypeOf('PACKAGE')).toBe('Package');
    expect(serviceTypeOf('Subscriptions')).toBe('Subscriptions');
    expect(serviceTypeOf('subscription')).toBe('Subscriptions');
    expect(serviceTypeOf('Mentions with Hashtags')).toBeNull();
    expect(serviceTypeOf('Poll')).toBeNull();
    expect(serviceTypeOf(3)).toBeNull();
  });

  it('splits comments one per line, any line ending, blank lines and edges dropped', () => {
    expect(commentLines('좋아요\r\n\n  최고예요  \r멋져요\n\n')).toEqual(['좋아요', '최고예요', '멋져요']);
    expect(commentLines('')).toEqual([]);
    expect(commentLines(null)).toEqual([]);
  });
});
