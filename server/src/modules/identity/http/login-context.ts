import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { LoginContext } from '../application/sessions.js';

/** Where a login comes from: the client's address (TRUST_PROXY decides which) and its User-Agent. */
export const Client = createParamDecorator((_: unknown, context: ExecutionContext): LoginContext => {
  const request = context.switchToHttp().getRequest<FastifyRequest>();
  const agent = request.headers['user-agent'];
  return { ip: request.ip, device: typeof agent === 'string' ? agent : '' };
});
