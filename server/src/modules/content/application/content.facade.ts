import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { Clock } from '../../../shared/index.js';
import type { GuideImages, NoticeItem, PopupItem, QnaItem, StorefrontBootData } from '../../../contracts/content.js';
import { Faq } from '../domain/faq.entity.js';
import { GuideImage } from '../domain/guide-image.entity.js';
import { Notice } from '../domain/notice.entity.js';
import { Popup } from '../domain/popup.entity.js';
import { RegisterWhere } from '../domain/register-where.entity.js';
import { DEMO_FAQ, DEMO_NOTICES, DEMO_REGISTER_WHERE } from './demo-content.js';
import { ContentChanges, type ContentChangeListener } from './content-changes.js';
import { Uploads, type StoredImage } from './uploads.js';

/** Images the demo data ships (read from disk by the caller). */
export interface DemoImages {
  popup: Buffer;
  guideDesktop: Buffer;
  guideMobile: Buffer;
}

/** What the storefront reads, what other contexts (identity's sign-up) ask, and the demo data. */
@Injectable()
export class ContentFacade {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly uploads: Uploads,
    private readonly changes: ContentChanges,
  ) {}

  /** Called with the resource's name (popups, notices ...) after each committed write; answers the unsubscribe. */
  onChange(listener: ContentChangeListener): () => void {
    return this.changes.on(listener);
  }

  /**
   * Stores a member's 문의 image through the upload pipeline (limited per member: a Korean 429); 415/413
   * with the Korean reason otherwise. Only this member can attach it (`attachUploads`).
   */
  storeMemberImage(memberId: number, data: Buffer): Promise<StoredImage> {
    return this.uploads.storeForMember(memberId, data);
  }

  /** In the caller's transaction: these uploads are the member's and a ticket takes them (else a Korean 400). */
  attachUploads(tx: EntityManager, memberId: number, urls: readonly string[]): Promise<void> {
    return this.uploads.attach(tx, memberId, urls);
  }

  /** What the storefront's index.html carries so the first render needs no call (see ops/static-web.ts). */
  async storefrontData(): Promise<StorefrontBootData> {
    return { popups: await this.enabledPopups() };
  }

  registerWhereOptions(): Promise<RegisterWhere[]> {
    return this.em.fork().find(RegisterWhere, {}, { orderBy: { sortOrder: 'ASC', id: 'ASC' } });
  }

  async isRegisterWhereOption(text: string): Promise<boolean> {
    return (await this.em.fork().count(RegisterWhere, { text })) > 0;
  }

  /** Pinned first, then newest first. */
  async notices(): Promise<NoticeItem[]> {
    const rows = await this.em.fork().find(Notice, {}, { orderBy: { isTop: 'DESC', createdAt: 'DESC', id: 'DESC' } });
    return rows.map(({ id, content, isTop, bgColor, createdAt }) => ({
      id,
      content,
      isTop,
      bgColor,
      createdAt: createdAt.toISOString(),
    }));
  }

  async qnas(): Promise<QnaItem[]> {
    const rows = await this.em.fork().find(Faq, {}, { orderBy: { sortOrder: 'ASC', id: 'ASC' } });
    return rows.map(({ id, title, answer }) => ({ id, title, answer }));
  }

  async enabledPopups(): Promise<PopupItem[]> {
    const rows = await this.em.fork().find(Popup, { enabled: true }, { orderBy: { id: 'ASC' } });
    return rows.map(({ id, enabled, imageUrl }) => ({ id, enabled, imageUrl }));
  }

  async guide(): Promise<GuideImages> {
    const rows = await this.em.fork().find(GuideImage, {});
    const url = (device: GuideImage['device']) => rows.find((r) => r.device === device)?.imageUrl ?? null;
    return { desktopImageUrl: url('DESKTOP'), mobileImageUrl: url('MOBILE') };
  }

  /** Korean demo content for a new database; the images are stored (re-encoded) like operators' uploads. */
  async seedDemo(images?: DemoImages): Promise<void> {
    const em = this.em.fork();
    const now = this.clock.now().getTime();
    DEMO_REGISTER_WHERE.forEach((text, i) => em.persist(new RegisterWhere(text, i)));
    // Oldest first, a minute apart, so "newest first" shows them in the order written below, reversed.
    DEMO_NOTICES.forEach((n, i) =>
      em.create(Notice, { ...n, createdAt: new Date(now - (DEMO_NOTICES.length - i) * 60_000) }),
    );
    DEMO_FAQ.forEach(([title, answer], i) => em.create(Faq, { title, answer, sortOrder: i, createdAt: new Date(now) }));
    if (images) {
      const [popup, desktop, mobile] = await Promise.all([
        this.uploads.store(images.popup, 'popup'),
        this.uploads.store(images.guideDesktop, 'guide-desktop'),
        this.uploads.store(images.guideMobile, 'guide-mobile'),
      ]);
      em.create(Popup, { enabled: true, imageUrl: popup!.url, createdAt: new Date(now) });
      em.create(GuideImage, { device: 'DESKTOP', imageUrl: desktop!.url, createdAt: new Date(now) });
      em.create(GuideImage, { device: 'MOBILE', imageUrl: mobile!.url, createdAt: new Date(now) });
    }
    await em.flush();
    this.changes.emit('popups');
  }
}
