import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ERROR_CODES, type ErrorCode } from '../contracts/index.js';

/** JSON and urlencoded bodies (Fastify's bodyLimit, counted while reading, chunked or not). */
export const BODY_LIMIT = 1024 * 1024;

/** An uploaded image (one file) and the multipart framing around it. */
export const UPLOAD_FILE_LIMIT = 5 * 1024 * 1024;
const UPLOAD_ROUTES = new Set(['/api/admin/uploads']);
const UPLOAD_BODY_LIMIT = UPLOAD_FILE_LIMIT + 64 * 1024;

/** Multipart fields: how many, how long each (a v2 call has a handful of short ones). */
export const MULTIPART_LIMITS = {
  fields: 50,
  fieldSize: 64 * 1024,
  files: 1,
  fileSize: UPLOAD_FILE_LIMIT,
  parts: 51,
  headerPairs: 100,
};

export const BODY_MESSAGES = {
  tooLarge: ERROR_CODES.PAYLOAD_TOO_LARGE,
  lengthRequired: ERROR_CODES.LENGTH_REQUIRED,
  tooManyParts: ERROR_CODES.TOO_MANY_PARTS,
};

/**
 * Refuses a body by its declared size before anything reads it (and so before any route authenticates,
 * /api/v2 reading its key from the body included). JSON and urlencoded are also counted while read
 * (bodyLimit), chunked or not. Multipart is read as a stream by the route itself, past Fastify's
 * bodyLimit: it must declare its length (Node then reads no more than that) and stay within the
 * route's limit; busboy's limits (MULTIPART_LIMITS) bound its fields.
 */
export async function registerBodyLimits(fastify: FastifyInstance): Promise<void> {
  await fastify.register(fastifyMultipart, { limits: MULTIPART_LIMITS });
  // A hook with a callback, not async: it runs on every request, and a refusal simply does not call `done`.
  fastify.addHook('onRequest', (request, reply, done) => {
    const limit = UPLOAD_ROUTES.has(request.routeOptions.url ?? '') ? UPLOAD_BODY_LIMIT : BODY_LIMIT;
    const declared = request.headers['content-length'];
    if (declared !== undefined && Number(declared) > limit) return void refuse(reply, 413, 'PAYLOAD_TOO_LARGE');
    const multipart = /^multipart\//i.test(request.headers['content-type'] ?? '');
    if (multipart && declared === undefined && request.headers['transfer-encoding'] !== undefined)
      return void refuse(reply, 411, 'LENGTH_REQUIRED');
    done();
  });
}

/** Answered as every refusal is (v2 then answers it in its own shape); the connection closes, its body left unread. */
function refuse(reply: FastifyReply, status: number, code: ErrorCode): FastifyReply {
  return reply
    .code(status)
    .header('connection', 'close')
    .send({ statusCode: status, code, message: ERROR_CODES[code] });
}
