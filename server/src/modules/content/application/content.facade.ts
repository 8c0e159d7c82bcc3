import { Injectable } from '@nestjs/common';
import { EntityManager, type RequiredEntityData } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { Clock, type AdminResource, type CrudContext } from '../../../shared/index.js';
import {
  type faqSchema,
  type GuideDevice,
  type GuideImages,
  type noticeSchema,
  type NoticeItem,
  type PopupItem,
  type QnaItem,
  type registerWhereSchema,
  type StorefrontBootData,
} from '../../../contracts/content.js';
import { Faq } from '../domain/faq.entity.js';
import { GuideImage } from '../domain/guide-image.entity.js';
import { Notice } from '../domain/notice.entity.js';
import { Popup } from '../domain/popup.entity.js';
import { RegisterWhere } from '../domain/register-where.entity.js';
import { FAQS, GUIDE_IMAGES, NOTICES, POPUPS, REGISTER_WHERES } from './content-resources.js';
import { ContentChanges, type ContentChangeListener } from './content-changes.js';
import { Uploads, type StoredImage } from './uploads.js';

/** What the storefront reads, what other contexts (identity's sign-up) ask, and content added without the console. */
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

  /** Adds a sign-up route option ("가입 경로") at the end of the list unless a sortOrder is given. */
  addRegisterWhere(input: z.input<typeof registerWhereSchema>): Promise<void> {
    return this.add(REGISTER_WHERES, input);
  }

  /** Adds a notice, dated now. */
  addNotice(input: z.input<typeof noticeSchema>): Promise<void> {
    return this.add(NOTICES, input);
  }

  /** Adds a question and its answer at the end of the FAQ unless a sortOrder is given. */
  addFaq(input: z.input<typeof faqSchema>): Promise<void> {
    return this.add(FAQS, input);
  }

  /** Stores the image as an operator's upload is stored (re-encoded) and shows it as an enabled popup. */
  async addPopup(image: Buffer): Promise<void> {
    const stored = await this.uploads.store(image, 'popup');
    await this.add(POPUPS, { enabled: true, imageUrl: stored.url });
  }

  /** Stores the image as an operator's upload is stored and makes it the device's guide image. */
  async addGuideImage(device: GuideDevice, image: Buffer): Promise<void> {
    const stored = await this.uploads.store(image, device === 'DESKTOP' ? 'guide-desktop' : 'guide-mobile');
    await this.add(GUIDE_IMAGES, { device, imageUrl: stored.url });
  }

  /** The console's create of a content resource (same checks, same defaults) with no operator, so no audit entry. */
  private async add<E extends { id: number }, C, U>(resource: AdminResource<E, C, U>, body: unknown): Promise<void> {
    const input = resource.create.parse(body);
    await this.em.fork().transactional(async (tx) => {
      const insert = (fields: Record<string, unknown>) =>
        tx.create(
          resource.entity,
          Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as RequiredEntityData<E>,
        );
      const context: CrudContext<E> = { tx, now: this.clock.now(), insert };
      tx.persist(resource.build ? await resource.build(input, context) : insert(input as Record<string, unknown>));
    });
    this.changes.emit(resource.name);
  }
}
