import { LINK_MESSAGES, orderLinkProblem, platformLinkMessage, webLink } from './order-links.js';
import { orderRequestSchema } from './order.js';

describe('order links', () => {
  it.each([
    'hello',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'ftp://instagram.com/a',
    'http://hello',
    'https://user:pw@instagram.com/a',
    'https://insta gram.com/a',
    '//instagram.com/a',
    'instagram.com/p/a',
    'https://.com/a',
  ])('refuses %j as no http(s) link', (link) => {
    expect(orderLinkProblem(link)).toBe(LINK_MESSAGES.invalid);
    expect(orderRequestSchema.safeParse({ serviceId: 1, link, amount: 10 }).error?.issues[0]?.message).toBe(
      LINK_MESSAGES.invalid,
    );
  });

  it.each([
    ['instagram', 'https://www.instagram.com/p/Cx1/'],
    ['instagram', 'https://instagr.am/p/Cx1'],
    ['youtube', 'https://youtu.be/dQw4w9WgXcQ'],
    ['youtube', 'https://m.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['youtube', 'https://music.youtube.com/watch?v=1'],
    ['tiktok', 'https://vt.tiktok.com/ZS123/'],
    ['facebook', 'https://fb.watch/abc/'],
    ['twitter', 'https://x.com/user/status/1'],
    ['telegram', 'https://t.me/channel'],
    ['naver', 'https://m.blog.naver.com/user/1'],
    ['naver', 'https://naver.me/abc'],
    ['kakao', 'https://pf.kakao.com/_abc'],
    ['website', 'https://my-shop.co.kr/'],
    ['unknown-platform', 'http://example.com'],
    [null, 'https://example.com/a'],
  ])('accepts a %s link %s', (platform, link) => {
    expect(orderLinkProblem(link, platform)).toBeNull();
  });

  it.each([
    ['instagram', 'https://youtube.com/watch?v=1', '인스타그램'],
    ['instagram', 'https://evilinstagram.com/p/1', '인스타그램'],
    ['instagram', 'https://instagram.com.evil.example/p/1', '인스타그램'],
    ['youtube', 'https://www.instagram.com/p/1', '유튜브'],
    ['twitter', 'https://xx.com/a', '트위터(X)'],
  ])('refuses on %s the link %s with the platform named', (platform, link, name) => {
    expect(orderLinkProblem(link, platform)).toBe(platformLinkMessage(name));
    expect(platformLinkMessage(name)).toBe(`${name} 링크를 입력해 주세요.`);
  });
});

describe('webLink', () => {
  it('keeps http(s) links and drops every other scheme', () => {
    expect(webLink('https://www.instagram.com/p/abc/')).toBe('https://www.instagram.com/p/abc/');
    expect(webLink('http://example.com')).toBe('http://example.com');
    for (const bad of [
      'javascript:alert(document.domain)//',
      'JAVASCRIPT:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,x',
      'kim.insta',
      '',
      null,
      42,
    ])
      expect(webLink(bad)).toBeNull();
  });
});
