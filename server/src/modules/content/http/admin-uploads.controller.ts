import { Controller, Post, Query, Req, UseGuards } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { CurrentOperator, OperatorGuard, type AuthenticatedOperator } from '../../auth/index.js';
import { Allow } from '../../../shared/index.js';
import { uploadPurposeSchema } from '../../../contracts/content.js';
import { Uploads } from '../application/uploads.js';
import { uploadedImage } from './uploaded-image.js';

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
    return this.uploads.upload(await uploadedImage(request), operator, uploadPurposeSchema.parse(purpose));
  }
}
