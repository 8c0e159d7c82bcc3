import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { AppConfig } from '../../../config/index.js';
import { AuditFacade, type AuditActor } from '../../audit/index.js';
import { DomainError } from '../../../shared/index.js';
import { CONTENT_MESSAGES, UPLOAD_MAX_BYTES, type UploadPurpose } from '../../../contracts/content.js';
import { IMAGE_BOXES, WEBP_QUALITY } from '../domain/image-fit.js';
import { imageTypeOf, type ImageType } from '../domain/image-type.js';

export interface StoredImage {
  url: string;
  contentType: string;
  size: number;
}

const WEBP: ImageType = { ext: 'webp', contentType: 'image/webp' };

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
  ) {}

  /** Stores an image under a fresh name; the bytes, not the file name, decide the type. */
  async store(data: Buffer, purpose: UploadPurpose = 'other'): Promise<StoredImage> {
    if (data.length > UPLOAD_MAX_BYTES) throw new DomainError(CONTENT_MESSAGES.imageTooLarge, 413);
    const type = imageTypeOf(data);
    if (!type) throw new DomainError(CONTENT_MESSAGES.imageType, 415);
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
      throw new DomainError(CONTENT_MESSAGES.imageType, 415);
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
      throw new DomainError(CONTENT_MESSAGES.imageType, 415);
    }
    if (type.ext === 'webp' && fits && data.length <= bytes.length) return { bytes: data, type };
    return { bytes, type: WEBP };
  }
}
