import { BadRequestException, Controller, Post, Req, UseGuards } from '@nestjs/common';
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { CurrentOperator, OperatorGuard, type AuthenticatedOperator } from '../../identity/index.js';
import { DomainError } from '../../../shared/index.js';
import { CONTENT_MESSAGES } from '../../../contracts/content.js';
import { Uploads } from '../application/uploads.js';

/** `POST /api/admin/uploads`, multipart with one image file (5 MB at most): answers {url, contentType, size}. */
@Controller('admin/uploads')
@UseGuards(OperatorGuard)
export class AdminUploadsController {
  constructor(private readonly uploads: Uploads) {}

  @Post()
  async upload(@Req() request: FastifyRequest, @CurrentOperator() operator: AuthenticatedOperator) {
    if (!request.isMultipart()) throw new BadRequestException(CONTENT_MESSAGES.imageRequired);
    const part = await request.file();
    if (!part) throw new BadRequestException(CONTENT_MESSAGES.imageRequired);
    let data: Buffer;
    try {
      data = await part.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new DomainError(CONTENT_MESSAGES.imageTooLarge, 413);
      throw error;
    }
    return this.uploads.upload(data, operator);
  }
}
