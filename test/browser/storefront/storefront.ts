import { MikroORM } from '@mikro-orm/postgresql';
import type { BrowserContext, Page } from 'playwright-core';
import { WalletFacade } from '../../../server/src/modules/wallet/index.js';
import type { BrowserHarness } from '../../support/browser.js';
import { createMember, type TestMember } from '../../support/members.js';

/** Helpers shared by the storefront's browser suites. */

/** Sets site settings through the operator API (as the console does). */
export async function setSettings(h: BrowserHarness, values: Record<string, unknown>): Promise<void> {
  const admin = `Bearer ${await h.t.operatorToken()}`;
  for (const [key, value] of Object.entries(values)) {
    await h.t.http.put(`/api/admin/settings/${key}`).set('Authorization', admin).send({ value }).expect(200);
  }
}

/** A member with `points` credited through the wallet (an operator adjustment). */
export async function memberWithPoints(h: BrowserHarness, points: bigint): Promise<TestMember> {
  const member = await createMember(h.t);
  if (points > 0n) {
    await h.t.app
      .get(MikroORM)
      .em.fork()
      .transactional((em) => h.t.app.get(WalletFacade).adjust(em, member.id, points, { type: 'browser-test', id: member.loginId }, '테스트 지급'));
  }
  return member;
}

/** Starts the page's storage with the member's token, as after a login. */
export const signedIn = (page: Page, member: TestMember) => page.context().addInitScript((token) => localStorage.setItem('jwt', token), member.token);

/** The storefront is ready once the session left `loading` and the frame is drawn. */
export const ready = (page: Page) => page.getByTestId('footer').waitFor();

export const storageOf = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

export const contextOf = (page: Page): BrowserContext => page.context();
