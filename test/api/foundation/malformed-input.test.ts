import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createReseller, createService, type Reseller } from '../reseller/fixtures.js';
import { fund } from '../ordering/fixtures.js';
import { configureBilling } from '../billing/billing-support.js';

/**
 * Every operator list gets each wrong type for each of its filters, its sort and its
 * range, and every write endpoint each wrong type for each field (and a NUL). Nothing may answer a 5xx;
 * what is malformed for the field's type is a 400 with a Korean reason.
 */

type FilterType = 'text' | 'id' | 'textId' | 'flag' | 'date' | 'enum' | 'string';

/** Each operator list, its filters by the type of value they take, and the fields it sorts by. */
const LISTS: Record<string, { filters: Record<string, FilterType>; sortable: string[] }> = {
  members: {
    filters: { q: 'text', status: 'enum', referredById: 'id' },
    sortable: ['id', 'createdAt', 'loginId', 'email', 'status'],
  },
  outbox: {
    filters: { channel: 'enum', status: 'enum', recipient: 'string', q: 'text' },
    sortable: ['id', 'createdAt', 'recipient', 'status', 'channel'],
  },
  'login-attempts': {
    filters: { kind: 'enum', result: 'enum', loginId: 'string', ip: 'string', q: 'text' },
    sortable: ['id', 'createdAt', 'loginId', 'ip', 'result', 'kind'],
  },
  alerts: {
    filters: { kind: 'enum' },
    sortable: ['id', 'createdAt', 'kind'],
  },
  referrals: {
    filters: { referrerId: 'id', referredId: 'id', chargeId: 'id' },
    sortable: ['id', 'createdAt', 'amount', 'referrerId', 'referredId', 'chargeId'],
  },
  refills: {
    filters: { status: 'enum', memberId: 'id', orderId: 'id', open: 'flag' },
    sortable: ['id', 'createdAt', 'updatedAt', 'status', 'orderId', 'memberId'],
  },
  'audit-logs': {
    filters: { resource: 'string', resourceId: 'string', action: 'string', operatorLoginId: 'string' },
    sortable: ['id', 'createdAt', 'resource', 'action'],
  },
  'ledger-entries': {
    filters: { memberId: 'id', kind: 'enum', referenceType: 'string', referenceId: 'string' },
    sortable: ['id', 'createdAt', 'amount', 'memberId'],
  },
  orders: {
    filters: {
      memberId: 'id',
      serviceId: 'id',
      createdAt_gte: 'date',
      createdAt_lte: 'date',
      status: 'enum',
      providerId: 'id',
      autoOrderId: 'id',
      needsCheck: 'flag',
      q: 'text',
    },
    sortable: ['id', 'createdAt', 'updatedAt', 'status', 'point', 'amount', 'memberId', 'serviceId', 'providerId'],
  },
  'auto-orders': {
    filters: {
      memberId: 'id',
      serviceId: 'id',
      createdAt_gte: 'date',
      createdAt_lte: 'date',
      status: 'enum',
      providerId: 'id',
    },
    sortable: ['id', 'createdAt', 'updatedAt', 'status', 'point', 'nextRunAt', 'memberId', 'serviceId'],
  },
  platforms: { filters: { id: 'textId', q: 'text', visible: 'flag' }, sortable: ['sortOrder', 'id', 'text'] },
  categories: { filters: { q: 'text', platform: 'string' }, sortable: ['sortOrder', 'id', 'text', 'platform'] },
  services: {
    filters: { q: 'text', categoryId: 'id', providerId: 'id', visible: 'flag', enableAuto: 'flag', isReadOnly: 'flag' },
    sortable: ['sortOrder', 'id', 'text', 'point', 'categoryId', 'providerId'],
  },
  providers: { filters: { q: 'text', enabled: 'flag' }, sortable: ['id', 'name', 'createdAt', 'enabled'] },
  charges: {
    filters: {
      status: 'enum',
      feeType: 'enum',
      memberId: 'id',
      q: 'text',
      createdAt_gte: 'date',
      createdAt_lte: 'date',
    },
    sortable: ['id', 'createdAt', 'point', 'depositAmount', 'status', 'expiresAt', 'responseAt', 'memberId'],
  },
  deposits: {
    filters: {
      status: 'enum',
      reason: 'enum',
      chargeId: 'id',
      q: 'text',
      depositedAt_gte: 'date',
      depositedAt_lte: 'date',
    },
    sortable: ['id', 'depositedAt', 'createdAt', 'amount', 'status'],
  },
  notices: { filters: { q: 'text', isTop: 'flag' }, sortable: ['id', 'createdAt', 'isTop'] },
  faqs: { filters: { q: 'text' }, sortable: ['sortOrder', 'id', 'title', 'createdAt'] },
  popups: { filters: { enabled: 'flag' }, sortable: ['id', 'createdAt', 'enabled'] },
  'register-wheres': { filters: { q: 'text' }, sortable: ['sortOrder', 'id', 'text'] },
  'guide-images': { filters: { device: 'enum' }, sortable: ['id', 'device'] },
  settings: {
    filters: { id: 'textId', q: 'text', key: 'string', group: 'string', kind: 'string' },
    sortable: ['key', 'group', 'label'],
  },
};

/** Wrong values, as raw JSON (so a 20-digit number reaches the server as written). */
const WRONG: Record<string, string> = {
  list: '["a", "b"]',
  idList: '[1, 2]',
  object: '{"$ne": null}',
  nested: '{"a": {"b": [1]}}',
  bigNumber: '12345678901234567890',
  negative: '-1',
  fraction: '1.5',
  bool: 'true',
  word: '"not-a-value"',
  nul: '"a\\u0000b"',
  long: JSON.stringify('가'.repeat(300)),
  emptyList: '[]',
};

/** Which wrong values a filter of each type must refuse (the others may be fine for it, e.g. a number as a search text). */
const MALFORMED: Record<FilterType, string[]> = {
  text: ['list', 'idList', 'object', 'nested', 'nul', 'long', 'emptyList'],
  string: ['list', 'idList', 'object', 'nested', 'nul', 'long', 'emptyList'],
  id: ['list', 'object', 'nested', 'bigNumber', 'negative', 'fraction', 'bool', 'word', 'nul', 'long', 'emptyList'],
  textId: ['object', 'nested', 'nul', 'long'],
  flag: ['list', 'idList', 'object', 'nested', 'bigNumber', 'negative', 'fraction', 'word', 'nul', 'long', 'emptyList'],
  date: [
    'list',
    'idList',
    'object',
    'nested',
    'bigNumber',
    'negative',
    'fraction',
    'bool',
    'word',
    'nul',
    'long',
    'emptyList',
  ],
  enum: [
    'list',
    'idList',
    'object',
    'nested',
    'bigNumber',
    'negative',
    'fraction',
    'bool',
    'word',
    'nul',
    'long',
    'emptyList',
  ],
};

const korean = (message: unknown) => typeof message === 'string' && /[가-힣]/.test(message);

interface Outcome {
  what: string;
  status: number;
  message: unknown;
  malformed: boolean;
}

describe('malformed input: no 5xx anywhere, a Korean 400 for every malformed value', () => {
  let t: TestApp;
  let admin: string;
  let member: Reseller;
  let serviceId: number;
  const outcomes: Outcome[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    admin = `Bearer ${await t.operatorToken()}`;
    member = await createReseller(t, 1_000_000n);
    await fund(t, member.id, 1n);
    serviceId = (await createService(t, { min: 1, max: 100_000 })).id;
    await configureBilling(t);
  });
  afterAll(async () => {
    const fives = outcomes.filter((o) => o.status >= 500);
    const malformed = outcomes.filter((o) => o.malformed);
    process.stdout.write(
      `malformed-input table: ${outcomes.length} requests (${malformed.length} malformed: ${malformed.filter((o) => o.status === 400 && korean(o.message)).length} answered a Korean 400), 5xx: ${fives.length}\n`,
    );
    await t.close();
  });

  const record = (what: string, status: number, message: unknown, malformed: boolean) => {
    outcomes.push({ what, status, message, malformed });
    return { what, status, message };
  };

  /** A list request with raw query parameters. */
  const list = async (resource: string, params: Record<string, string>) => {
    const query = Object.entries(params)
      .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
      .join('&');
    const res = await t.http.get(`/api/admin/${resource}?${query}`).set('Authorization', admin);
    return res;
  };

  describe.each(Object.entries(LISTS))('/api/admin/%s', (resource, { filters, sortable }) => {
    it('refuses each wrong type for each filter with a Korean 400 and answers no 5xx', async () => {
      const wrongAnswers: unknown[] = [];
      for (const [filter, type] of Object.entries({ id: 'id' as FilterType, ...filters })) {
        for (const [name, raw] of Object.entries(WRONG)) {
          const res = await list(resource, { filter: `{"${filter}": ${raw}}` });
          // getMany's id filter takes a list of ids (an empty one too).
          const malformed =
            MALFORMED[type].includes(name) && !(filter === 'id' && (name === 'idList' || name === 'emptyList'));
          const r = record(`${resource} filter ${filter}=${name}`, res.status, res.body?.message, malformed);
          if (
            res.status >= 500 ||
            (malformed && !(res.status === 400 && korean(res.body?.message))) ||
            (!malformed && res.status !== 200 && !korean(res.body?.message))
          )
            wrongAnswers.push(r);
        }
      }
      expect(wrongAnswers).toEqual([]);
    });

    it("keeps getMany's {id: [..]} working", async () => {
      const ids =
        resource === 'platforms'
          ? '["instagram", "youtube"]'
          : resource === 'settings'
            ? '["FOOTER_COMPANY", "ENABLE_QNA"]'
            : '[1, 2]';
      const res = await list(resource, { filter: `{"id": ${ids}}` });
      record(`${resource} getMany`, res.status, res.body?.message, false);
      expect(res.status).toBe(200);
      if (resource === 'settings')
        expect(res.body.map((r: { id: string }) => r.id).sort()).toEqual(['ENABLE_QNA', 'FOOTER_COMPANY']);
    });

    it('sorts by each sortable field, and refuses a malformed sort or range with a Korean 400', async () => {
      for (const field of sortable) {
        for (const order of ['ASC', 'DESC']) {
          const res = await list(resource, { sort: JSON.stringify([field, order]) });
          record(`${resource} sort ${field} ${order}`, res.status, res.body?.message, false);
          expect(res.status).toBe(200);
        }
      }
      const bad: Record<string, Record<string, string>> = {
        'sort by an unknown field': { sort: '["passwordHash", "ASC"]' },
        'sort sideways': { sort: '["id", "SIDEWAYS"]' },
        'sort not JSON': { sort: 'id' },
        'sort as numbers': { sort: '[1, 2]' },
        'sort as an object': { sort: '{"$ne": null}' },
        'range below zero': { range: '[-1, 5]' },
        'range of words': { range: '["a", "b"]' },
        'range backwards': { range: '[5, 1]' },
        'range of 20-digit numbers': { range: '[12345678901234567890, 12345678901234567899]' },
        'range fractional': { range: '[0.5, 3]' },
        'range not JSON': { range: 'x' },
        'range of one number': { range: '[3]' },
        'filter not an object': { filter: '[1, 2]' },
        'filter not JSON': { filter: '{' },
        'filter with an unknown key': { filter: '{"passwordHash": "x"}' },
        'filter key with a NUL': { filter: '{"q\\u0000": "x"}' },
        'sort with a NUL': { sort: '["id\\u0000", "ASC"]' },
      };
      for (const [what, params] of Object.entries(bad)) {
        const res = await list(resource, params);
        record(`${resource} ${what}`, res.status, res.body?.message, true);
        expect({ what, status: res.status, korean: korean(res.body?.message) }).toEqual({
          what,
          status: 400,
          korean: true,
        });
      }
    });

    it('clamps a range wider than 1,000 rows to one page of 1,000', async () => {
      const res = await list(resource, { range: '[0, 100000000]' });
      record(`${resource} huge range`, res.status, res.body?.message, false);
      expect(res.status).toBe(200);
      const range = /^\S+ (?:\*|(\d+)-(\d+))\/(\d+)$/.exec(res.headers['content-range'] ?? '');
      expect(range).not.toBeNull();
      if (range![1] !== undefined) expect(Number(range![2]) - Number(range![1]) + 1).toBeLessThanOrEqual(1000);
    });
  });

  /** A field's wrong values: an object, a list and a NUL are malformed for every scalar field. */
  const FIELD_WRONG: Record<string, { value: unknown; malformedForScalar: boolean }> = {
    null: { value: null, malformedForScalar: false },
    object: { value: { $ne: null }, malformedForScalar: true },
    list: { value: [1, 2], malformedForScalar: true },
    bigNumber: { value: 1e19, malformedForScalar: false },
    negative: { value: -1, malformedForScalar: false },
    fraction: { value: 1.5, malformedForScalar: false },
    bool: { value: true, malformedForScalar: false },
    word: { value: 'not-a-value', malformedForScalar: false },
    empty: { value: '', malformedForScalar: false },
    nul: { value: 'a\u0000b', malformedForScalar: true },
    bell: { value: 'a\u0007b', malformedForScalar: true },
    huge: { value: '가'.repeat(20_000), malformedForScalar: false },
  };

  /** Write endpoints with a valid body; each field is replaced in turn by each wrong value. */
  const WRITES: {
    name: string;
    method: 'post' | 'put';
    path: () => string;
    auth: () => Record<string, string>;
    body: () => Record<string, unknown>;
    objectFields?: string[];
  }[] = [
    {
      name: 'charge request',
      method: 'post',
      path: () => '/api/service/point',
      auth: () => ({ Authorization: `Bearer ${member.token}` }),
      body: () => ({ name: '홍길동', point: 10_000, feeType: 'NONE', feeValue: null }),
      objectFields: ['feeValue'],
    },
    {
      name: 'storefront order',
      method: 'post',
      path: () => '/api/service/order',
      auth: () => ({ Authorization: `Bearer ${member.token}` }),
      body: () => ({ serviceId, link: 'https://www.instagram.com/p/malformed/', amount: 10, runs: 0, interval: 0 }),
    },
    {
      name: 'API v1 order',
      method: 'post',
      path: () => '/api/v1/order',
      auth: () => ({ 'api-key': member.apiKey }),
      body: () => ({ serviceId, link: 'https://www.instagram.com/p/v1/', amount: 10 }),
    },
    {
      name: 'API v2 add',
      method: 'post',
      path: () => '/api/v2',
      auth: () => ({}),
      body: () => ({
        key: member.apiKey,
        action: 'add',
        service: serviceId,
        link: 'https://www.instagram.com/p/v2/',
        quantity: 10,
      }),
    },
    {
      name: 'platform',
      method: 'post',
      path: () => '/api/admin/platforms',
      auth: () => ({ Authorization: admin }),
      body: () => ({
        id: `p-${Math.random().toString(36).slice(2, 10)}`,
        text: '플랫폼',
        visible: true,
        bgColor: '',
        sortOrder: 0,
      }),
    },
    {
      name: 'category',
      method: 'post',
      path: () => '/api/admin/categories',
      auth: () => ({ Authorization: admin }),
      body: () => ({ platform: 'instagram', text: '카테고리', sortOrder: 0 }),
    },
    {
      name: 'service',
      method: 'post',
      path: () => '/api/admin/services',
      auth: () => ({ Authorization: admin }),
      body: () => ({
        text: '서비스',
        point: '1.5',
        min: 1,
        max: 10,
        notice: '',
        categoryId: 1,
        isReadOnly: false,
        enableAuto: false,
        visible: true,
        sortOrder: 0,
      }),
    },
    {
      name: 'provider',
      method: 'post',
      path: () => '/api/admin/providers',
      auth: () => ({ Authorization: admin }),
      body: () => ({
        name: '공급사',
        apiUrl: 'https://93.184.216.34/api/v2',
        apiKey: 'key-0123',
        enabled: true,
        timeoutMs: 5000,
      }),
    },
    {
      name: 'notice',
      method: 'post',
      path: () => '/api/admin/notices',
      auth: () => ({ Authorization: admin }),
      body: () => ({ content: '공지', isTop: false }),
    },
    {
      name: 'faq',
      method: 'post',
      path: () => '/api/admin/faqs',
      auth: () => ({ Authorization: admin }),
      body: () => ({ title: '질문', answer: '답변', sortOrder: 0 }),
    },
    {
      name: 'register-where',
      method: 'post',
      path: () => '/api/admin/register-wheres',
      auth: () => ({ Authorization: admin }),
      body: () => ({ text: `경로${Math.random()}`.slice(0, 20), sortOrder: 0 }),
    },
    {
      name: 'points adjustment',
      method: 'post',
      path: () => `/api/admin/members/${member.id}/adjust-points`,
      auth: () => ({ Authorization: admin }),
      body: () => ({ amount: 1, reason: '보정' }),
    },
    {
      name: 'deposit',
      method: 'post',
      path: () => '/api/admin/deposits',
      auth: () => ({ Authorization: admin }),
      body: () => ({
        bankTransactionId: `T-${Math.random()}`,
        depositedAt: new Date().toISOString(),
        depositorName: '김입금',
        amount: 1000,
      }),
    },
    {
      name: 'text setting',
      method: 'put',
      path: () => '/api/admin/settings/FOOTER_COMPANY',
      auth: () => ({ Authorization: admin }),
      body: () => ({ value: '주식회사 테스트' }),
    },
    {
      name: 'switch setting',
      method: 'put',
      path: () => '/api/admin/settings/ENABLE_QNA',
      auth: () => ({ Authorization: admin }),
      body: () => ({ value: true }),
    },
    {
      name: 'list setting',
      method: 'put',
      path: () => '/api/admin/settings/POINT_CHARGE_BUTTON_OPTIONS',
      auth: () => ({ Authorization: admin }),
      body: () => ({ value: [10_000, 50_000] }),
      objectFields: ['value'],
    },
  ];

  describe.each(WRITES.map((w) => [w.name, w] as const))('%s', (_name, write) => {
    it('answers each wrong type for each field without a 5xx, a Korean 400 where it is malformed', async () => {
      const wrongAnswers: unknown[] = [];
      for (const field of Object.keys(write.body())) {
        for (const [name, { value, malformedForScalar }] of Object.entries(FIELD_WRONG)) {
          const objectField = write.objectFields?.includes(field) ?? false;
          // For a field that takes an object or a list, those are not malformed by type; a NUL or a bell is.
          const malformed = objectField ? name === 'nul' || name === 'bell' : malformedForScalar;
          const req = t.http[write.method](write.path());
          for (const [k, v] of Object.entries(write.auth())) req.set(k, v);
          const res = await req.send({ ...write.body(), [field]: value });
          // API v2 speaks its protocol: errors are {"error": "..."} with HTTP 200, in the protocol's words
          // ("Incorrect request", "Invalid API key") where resellers' tools expect them.
          const v2 = write.path() === '/api/v2';
          const v2Error = v2 ? res.body?.error : undefined;
          const status = v2Error !== undefined ? 400 : res.status;
          const message = v2Error ?? res.body?.message;
          const r = record(`${write.name} ${field}=${name}`, status, message, malformed);
          const explained = v2 ? typeof message === 'string' && message.length > 0 : korean(message);
          if (
            status >= 500 ||
            (malformed && !(status === 400 && explained)) ||
            (status >= 400 && status !== 401 && !explained)
          )
            wrongAnswers.push(r);
        }
      }
      expect(wrongAnswers).toEqual([]);
    });
  });
});
