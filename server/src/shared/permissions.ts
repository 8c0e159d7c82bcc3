import { SetMetadata, type ExecutionContext } from '@nestjs/common';
import { mayUse, type OperatorRole, type Permission } from '../contracts/operators.js';
import { DomainError } from './domain-error.js';

/** Where a route's (or its controller's) declared permission is kept. */
export const PERMISSION_KEY = 'smm:permission';

/**
 * Declares what an /api/admin route needs (on a handler, or on a controller for all its handlers; the
 * handler's wins). The OperatorGuard checks it once the operator is known; a route without one is refused.
 */
export const Allow = (permission: Permission) => SetMetadata(PERMISSION_KEY, permission);

/** The permission a route declares: its handler's, else its controller's. */
export function declaredPermission(handler: object, controller: object): Permission | undefined {
  return (Reflect.getMetadata(PERMISSION_KEY, handler) ?? Reflect.getMetadata(PERMISSION_KEY, controller)) as
    Permission | undefined;
}

/** 403 unless the role holds what the route declares (and refuses any route that declares nothing). */
export function assertPermitted(context: ExecutionContext, role: OperatorRole | undefined): true {
  const permission = declaredPermission(context.getHandler(), context.getClass());
  if (!permission) throw new DomainError('OPERATOR_UNDECLARED');
  if (!mayUse(role, permission)) throw new DomainError('FORBIDDEN');
  return true;
}
