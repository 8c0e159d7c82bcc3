import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { AppConfig } from '../../../config/index.js';
import { AuditFacade, type AuditActor } from '../../audit/index.js';
import { Clock, DomainError } from '../../../shared/index.js';
import { UPLOAD_MAX_BYTES, type UploadPurpose } from '../../../contracts/content.js';
import { TICKET_LIMITS } from '../../../contracts/support.js';
import { perWindow, RateBuckets } from '../../rate-limit/index.js';
import { MemberUpload } from '../domain/member-upload.entity.js';
import { IMAGE_BOXES, WEBP_QUALITY } from '../domain/image-fit.js';
import { imageTypeOf, type ImageType } from '../domain/image-type.js';

export interface StoredImage {
  url: string;
  contentType: string;
  size: number;
}

const WEBP: ImageType = { ext: 'webp', contentType: 'image/webp' };
const DAY_MS = 86_400_000;
/** pg_advisory_xact_lock's first key for "one member's uploads" (the daily quota). */
const MEMBER_UPLOAD_LOCK = 7_226;
/** Unattached uploads one cleanup removes at most (the next hour takes the rest). */
const CLEANUP_BATCH = 500;

/**
 * Images operators upload (popups, link guide), kept under DATA_DIR/uploads and served at /uploads/<file>.
 * What customers download is re-encoded: WebP (animations stay animated), no larger than the box the
 * image is shown in at 2x, metadata dropped, turned upright by its EXIF orientation. A file is never
 * rewritten under its name, so it is served as immutable.
 */
@Injectable()
export class Uploads {
  constructor(
    private readonly config: AppConfig,
    private readonly em: EntityManager,
    private readonly audit: AuditFacade,
    private readonly clock: Clock,
    private readonly buckets: RateBuckets,
  ) {}

  /**
   * A member's 문의 image: at most TICKET_LIMITS.imageRate (a Korean 429), at most imagesPerDay a day (a
   * Korean 429, the file not kept), recorded as the member's so only they can attach it.
   */
  async storeForMember(memberId: number, data: Buffer): Promise<StoredImage> {
    const { limit, windowMinutes } = TICKET_LIMITS.imageRate;
    const now = this.clock.now();
    const taken = await this.buckets.take(
      `ticket-image:member:${memberId}`,
      perWindow(limit, windowMinutes * 60),
      now.getTime(),
    );
    if (taken.granted === 0) throw new DomainError('TICKET_IMAGE_RATE');
    const stored = await this.store(data, 'ticket');
    try {
      await this.em.fork().transactional(async (tx) => {
        // One member's uploads take turns, so parallel ones cannot all pass the day's quota.
        await tx.execute('select pg_advisory_xact_lock(?, ?)', [MEMBER_UPLOAD_LOCK, memberId]);
        const today = await tx.count(MemberUpload, { memberId, createdAt: { $gt: new Date(now.getTime() - DAY_MS) } });
        if (today >= TICKET_LIMITS.imagesPerDay) throw new DomainError('TICKET_IMAGE_QUOTA');
        tx.create(MemberUpload, { url: stored.url, memberId, size: stored.size, createdAt: now, attachedAt: null });
      });
    } catch (error) {
      await this.removeFile(stored.url);
      throw error;
    }
    return stored;
  }

  /** Marks the member's uploads as taken by a ticket, in `tx`; a Korean 400 when any is not theirs. */
  async attach(tx: EntityManager, memberId: number, urls: readonly string[]): Promise<void> {
    const wanted = [...new Set(urls)];
    if (wanted.length === 0) return;
    const own = await tx.find(MemberUpload, { url: { $in: wanted }, memberId });
    if (own.length !== wanted.length) throw new DomainError('TICKET_IMAGE_NOT_OWN');
    const now = this.clock.now();
    for (const upload of own) upload.attachedAt ??= now;
  }

  /** Members' uploads no ticket took, older than `before`: files and records removed; how many. */
  async removeUnattached(before: Date): Promise<number> {
    const em = this.em.fork();
    const stale = await em.find(
      MemberUpload,
      { attachedAt: null, createdAt: { $lt: before } },
      { limit: CLEANUP_BATCH, orderBy: { createdAt: 'ASC' } },
    );
    if (stale.length === 0) return 0;
    // The record goes only if it is still unattached (a ticket may take it meanwhile); then its file.
    const removed = await em.execute<{ url: string }[]>(
      'delete from member_upload where url in (?) and attached_at is null returning url',
      [stale.map((u) => u.url)],
    );
    for (const { url } of removed) await this.removeFile(url);
    return removed.length;
  }

  private async removeFile(url: string): Promise<void> {
    const file = url.replace(/^\/uploads\//, '');
    await unlink(join(this.config.dataDir, 'uploads', file)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }

  /** Stores an image under a fresh name; the bytes, not the file name, decide the type. */
  async store(data: Buffer, purpose: UploadPurpose = 'other'): Promise<StoredImage> {
    if (data.length > UPLOAD_MAX_BYTES) throw new DomainError('CONTENT_IMAGE_TOO_LARGE');
    const type = imageTypeOf(data);
    if (!type) throw new DomainError('CONTENT_IMAGE_TYPE');
    const { bytes, type: storedType } = await this.compact(data, type, purpose);
    const file = `${randomUUID()}.${storedType.ext}`;
    await writeFile(join(this.config.dataDir, 'uploads', file), bytes, { flag: 'wx' });
    return { url: `/uploads/${file}`, contentType: storedType.contentType, size: bytes.length };
  }

  async upload(data: Buffer, operator: AuditActor, purpose: UploadPurpose = 'other'): Promise<StoredImage> {
    const stored = await this.store(data, purpose);
    await this.em.fork().transactional(async (tx) =>
      this.audit.record(tx, operator, {
        action: 'create',
        resource: 'uploads',
        resourceId: stored.url,
        after: stored,
      }),
    );
    return stored;
  }

  /** WebP within the purpose's box; an upload that is already a small enough WebP is kept as sent. */
  private async compact(
    data: Buffer,
    type: ImageType,
    purpose: UploadPurpose,
  ): Promise<{ bytes: Buffer; type: ImageType }> {
    const box = IMAGE_BOXES[purpose];
    let meta: Metadata;
    try {
      meta = await sharp(data).metadata();
    } catch {
      // The right first bytes, but nothing a browser could draw either.
      throw new DomainError('CONTENT_IMAGE_TYPE');
    }
    const animated = (meta.pages ?? 1) > 1;
    const frameHeight = animated ? (meta.pageHeight ?? meta.height) : meta.height;
    const fits = meta.width <= box.width && frameHeight <= box.height;
    let bytes: Buffer;
    try {
      bytes = await sharp(data, { animated, limitInputPixels: 50_000_000 })
        .autoOrient()
        .resize({ width: box.width, height: box.height, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY, effort: 5 })
        .toBuffer();
    } catch {
      throw new DomainError('CONTENT_IMAGE_TYPE');
    }
    if (type.ext === 'webp' && fits && data.length <= bytes.length) return { bytes: data, type };
    return { bytes, type: WEBP };
  }
}
