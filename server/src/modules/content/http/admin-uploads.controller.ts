import { BadRequestException, Controller, Post, Query, Req, UseGuards } from '@nestjs/common';
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { CurrentOperator, OperatorGuard, type AuthenticatedOperator } from '../../auth/index.js';
import { Allow, DomainError } from '../../../shared/index.js';
import { CONTENT_MESSAGES, uploadPurposeSchema } from '../../../contracts/content.js';
import { Uploads } from '../application/uploads.js';

/**
 * `POST /api/admin/uploads?purpose=popup|guide-desktop|guide-mobile`, multipart with one image file (5 MB at
 * most): stores it re-encoded for where it is shown and answers {url, contentType, size} of what is served.
 */
@Controller('admin/uploads')
@UseGuards(OperatorGuard)
@Allow('content')
export class AdminUploadsController {
  constructor(private readonly uploads: Uploads) {}

  @Post()
  async upload(
    @Req() request: FastifyRequest,
    @CurrentOperator() operator: AuthenticatedOperator,
    @Query('purpose') purpose?: string,
  ) {
    if (!request.isMultipart()) throw new BadRequestException(CONTENT_MESSAGES.imageRequired);
    const part = await request.file();
    if (!part) throw new BadRequestException(CONTENT_MESSAGES.imageRequired);
    let data: Buffer;
    try {
      data = await part.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw new DomainError(CONTENT_MESSAGES.imageTooLarge, 413);
      throw error;
    }
    return this.uploads.upload(data, operator, uploadPurposeSchema.parse(purpose));
  }
}
