import { API_KEY_FIELDS } from '../contracts/index.js';
import { maskHeaders, maskUrl, prettyLogs, serializeRequest } from './logging.js';

describe('log masking', () => {
  it('masks credential query parameters wherever they are, and nothing else', () => {
    expect(maskUrl('/api/v2?key=abc123&action=balance')).toBe('/api/v2?key=***&action=balance');
    expect(maskUrl('/api/v1/services?x=1&api_key=zzz&API_KEY=y')).toBe('/api/v1/services?x=1&api_key=***&API_KEY=***');
    expect(maskUrl('/api/v2?monkey=1')).toBe('/api/v2?monkey=1');
    expect(maskUrl('/api/x')).toBe('/api/x');
  });

  it('masks every alias the v2 parser takes a key from, in any case and array form', () => {
    for (const name of API_KEY_FIELDS) {
      expect(maskUrl(`/api/v2?${name}=SECRETKEY&action=balance`)).toBe(`/api/v2?${name}=***&action=balance`);
      expect(maskUrl(`/api/v2?${name.toUpperCase()}=SECRETKEY`)).not.toContain('SECRETKEY');
      expect(maskUrl(`/api/v2?${name}[]=SECRETKEY&${name}%5B0%5D=SECRETKEY`)).not.toContain('SECRETKEY');
    }
    expect(maskUrl('/api/v2?api=KEY&action=balance')).toBe('/api/v2?api=***&action=balance');
  });

  it('masks credential headers, keeping the Authorization scheme', () => {
    expect(
      maskHeaders({
        authorization: 'Bearer eyJ.abc.def',
        'api-key': 'k1',
        'x-api-key': 'k2',
        cookie: 'a=b',
        accept: '*/*',
      }),
    ).toEqual({
      authorization: 'Bearer ***',
      'api-key': '***',
      'x-api-key': '***',
      cookie: '***',
      accept: '*/*',
    });
  });

  it('logs no body and no parsed query', () => {
    const out = serializeRequest({
      id: 'r1',
      method: 'POST',
      url: '/api/v2?key=s',
      query: { key: 's' },
      body: { key: 's' },
      headers: {},
    });
    expect(JSON.stringify(out)).not.toContain('"s"');
    expect(out.url).toBe('/api/v2?key=***');
  });

  it('is pretty on a terminal only, unless LOG_FORMAT says', () => {
    expect(prettyLogs({ LOG_FORMAT: undefined }, true)).toBe(true);
    expect(prettyLogs({ LOG_FORMAT: undefined }, false)).toBe(false);
    expect(prettyLogs({ LOG_FORMAT: 'json' }, true)).toBe(false);
    expect(prettyLogs({ LOG_FORMAT: 'pretty' }, false)).toBe(true);
  });
});
