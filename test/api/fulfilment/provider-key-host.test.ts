import { ERROR_CODES } from '../../../server/src/contracts/index.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { FakeProvider } from '../../support/fake-provider.js';
import { operatorWithRole } from '../../support/operators.js';
import { addProvider } from './helpers.js';

/**
 * A provider's key belongs to the address it was entered for: a MANAGER who points the provider at a host
 * of their own with an empty key must not receive the stored key there (the balance check would send it).
 */
describe('providers: changing the API address never carries the stored key to the new host', () => {
  let t: TestApp;
  let panel: FakeProvider;
  let stranger: FakeProvider;
  let manager: string;
  /** Every key the stranger's host received, whatever the action. */
  const received: string[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    panel = await FakeProvider.start();
    stranger = await FakeProvider.start({ key: 'stranger-own-key-0000' });
    stranger.on('balance', (params) => {
      received.push(params.key ?? '');
      return undefined;
    });
    manager = (await operatorWithRole(t, 'MANAGER')).auth;
  });
  afterAll(async () => {
    await panel.close();
    await stranger.close();
    await t.close();
  });

  const put = (id: number, body: object) =>
    t.http.put(`/api/admin/providers/${id}`).set('Authorization', manager).send(body);
  const balance = (id: number) => t.http.get(`/api/admin/providers/${id}/balance`).set('Authorization', manager);

  it('refuses a new apiUrl with an empty key (400, nothing stored), and sends a newly entered key only', async () => {
    const id = await addProvider(t, panel);
    const stored = (await t.http.get(`/api/admin/providers/${id}`).set('Authorization', manager).expect(200)).body;

    // The console sends the whole record back: an empty key, or none at all, with the new address.
    for (const body of [
      { ...stored, apiUrl: stranger.url, apiKey: '' },
      { apiUrl: stranger.url, apiKey: '' },
      { apiUrl: stranger.url },
    ]) {
      const refused = await put(id, body).expect(400);
      expect(refused.body).toEqual({
        statusCode: 400,
        code: 'PROVIDER_KEY_REQUIRED',
        message: ERROR_CODES.PROVIDER_KEY_REQUIRED,
      });
    }
    const after = (await t.http.get(`/api/admin/providers/${id}`).set('Authorization', manager).expect(200)).body;
    expect(after).toEqual(stored);
    await balance(id).expect(200);
    expect(panel.calls('balance').at(-1)!.keyOk).toBe(true);
    expect(received).toEqual([]);

    // The same address with an empty key keeps the key (an ordinary edit of the name).
    await put(id, { ...stored, name: '이름만 변경', apiKey: '' }).expect(200);

    // A new address with its own key: the new host gets that key, never the old one.
    const moved = await put(id, { apiUrl: stranger.url, apiKey: stranger.key }).expect(200);
    expect(moved.body).toMatchObject({ apiUrl: stranger.url, hasKey: true });
    await balance(id).expect(200);
    expect(received).toEqual([stranger.key]);
    expect(received).not.toContain(panel.key);

    const rows = (
      await t.http
        .get('/api/admin/audit-logs')
        .query({
          filter: JSON.stringify({ resource: 'providers', resourceId: String(id) }),
          sort: JSON.stringify(['id', 'ASC']),
        })
        .set('Authorization', `Bearer ${await t.operatorToken()}`)
        .expect(200)
    ).body;
    expect(rows.map((r: { action: string; after: Record<string, unknown> }) => [r.action, r.after.keyChanged])).toEqual(
      [
        ['create', undefined],
        ['update', false],
        ['update', true],
      ],
    );
    expect(rows.at(-1).after).toMatchObject({ apiUrl: stranger.url, apiUrlChanged: true, keyChanged: true });
    expect(JSON.stringify(rows)).not.toContain(panel.key);
  });
});
