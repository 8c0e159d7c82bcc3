import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppConfig } from '../../../config/index.js';
import { AuditFacade, type AuditActor } from '../../audit/index.js';
import { DomainError } from '../../../shared/index.js';
import { CONTENT_MESSAGES, UPLOAD_MAX_BYTES } from '../../../contracts/content.js';
import { imageTypeOf } from '../domain/image-type.js';

export interface StoredImage {
  url: string;
  contentType: string;
  size: number;
}

/** Images operators upload (popups, link guide), kept under DATA_DIR/uploads and served at /uploads/<file>. */
@Injectable()
export class Uploads {
  constructor(
    private readonly config: AppConfig,
    private readonly em: EntityManager,
    private readonly audit: AuditFacade,
  ) {}

  /** Stores an image under a fresh name; the bytes, not the file name, decide the type. */
  async store(data: Buffer): Promise<StoredImage> {
    if (data.length > UPLOAD_MAX_BYTES) throw new DomainError(CONTENT_MESSAGES.imageTooLarge, 413);
    const type = imageTypeOf(data);
    if (!type) throw new DomainError(CONTENT_MESSAGES.imageType, 415);
    const file = `${randomUUID()}.${type.ext}`;
    await writeFile(join(this.config.dataDir, 'uploads', file), data, { flag: 'wx' });
    return { url: `/uploads/${file}`, contentType: type.contentType, size: data.length };
  }

  async upload(data: Buffer, operator: AuditActor): Promise<StoredImage> {
    const stored = await this.store(data);
    await this.em.fork().transactional(async (tx) => this.audit.record(tx, operator, { action: 'create', resource: 'uploads', resourceId: stored.url, after: stored }));
    return stored;
  }
}
