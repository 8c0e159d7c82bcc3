// Shared by the delivery suites (the receiver itself stays free of app imports: the bench's worker loads it).
import { createMember, type TestMember } from '../../support/members.js';
import type { TestApp } from '../../support/test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../support/webhook-receiver.js';

/**
 * A member whose webhook points at a receiver of its own, verifying with the secret the member was shown
 * when the webhook was created (the only time it is shown).
 */
export async function webhookReseller(t: TestApp): Promise<{ member: TestMember; receiver: WebhookReceiver }> {
  const receiver = await startWebhookReceiver();
  const member = await createMember(t);
  const res = await t.http
    .put('/api/auth/webhook')
    .set('Authorization', `Bearer ${member.token}`)
    .send({ url: receiver.url })
    .expect(200);
  receiver.secret = res.body.secret;
  return { member, receiver };
}
