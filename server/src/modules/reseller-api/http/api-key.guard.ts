import { type CanActivate, createParamDecorator, type ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ResellerApi } from '../application/reseller-api.service.js';
import { V1_MESSAGES } from '../application/wire.js';
import { DomainError } from '../../../shared/index.js';

type KeyedRequest = FastifyRequest & { resellerMemberId?: number };

/** v1: the member whose key is in the `api-key` header; 401 without one that is valid. */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(private readonly api: ResellerApi) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<KeyedRequest>();
    const memberId = await this.api.memberIdForKey(request.headers['api-key']);
    if (memberId === null) throw new DomainError('UNAUTHORIZED', V1_MESSAGES.invalidKey);
    request.resellerMemberId = memberId;
    return true;
  }
}

/** The member id {@link ApiKeyGuard} resolved. */
export const KeyMember = createParamDecorator(
  (_: unknown, context: ExecutionContext): number =>
    context.switchToHttp().getRequest<KeyedRequest>().resellerMemberId!,
);
