import type { FastifyRequest } from 'fastify';
import { DomainError } from '../../../shared/index.js';

/**
 * The one image file of a multipart upload, read whole (multipart's own limit caps it at 5 MB): a request
 * without one is a Korean 400, a larger file a Korean 413. What it is, is checked where it is stored.
 */
export async function uploadedImage(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new DomainError('CONTENT_IMAGE_REQUIRED');
  const part = await request.file();
  if (!part) throw new DomainError('CONTENT_IMAGE_REQUIRED');
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new DomainError('CONTENT_IMAGE_TOO_LARGE');
    throw error;
  }
}
