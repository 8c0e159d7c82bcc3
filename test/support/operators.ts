import { ModulesContainer } from '@nestjs/core';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { RequestMethod } from '@nestjs/common';
import type { OperatorRole, Permission } from '../../server/src/contracts/index.js';
import { declaredPermission } from '../../server/src/shared/index.js';
import { logInOperator } from './second-factor.js';
import type { TestApp } from './test-app.js';

export interface RegisteredRoute {
  method: string;
  /** With the global prefix: /api/admin/orders/:id/cancel. */
  path: string;
  permission: Permission | undefined;
}

const join = (...parts: string[]) =>
  '/' +
  parts
    .flatMap((p) => p.split('/'))
    .filter(Boolean)
    .join('/');

/** Every route the app registered (from Nest's module container: each controller's handlers), with what it declares. */
export function registeredRoutes(t: TestApp, prefix = 'api'): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  for (const module of t.app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => unknown) | null;
      if (!controller) continue;
      const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
      const proto = controller.prototype as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(proto)) {
        const handler = proto[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const path = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (path === undefined || method === undefined) continue;
        for (const p of Array.isArray(path) ? path : [path]) {
          routes.push({
            method: RequestMethod[method],
            path: join(prefix, base, p),
            permission: declaredPermission(handler, controller),
          });
        }
      }
    }
  }
  return routes.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

/** Creates an operator of `role` as the bootstrap owner and logs in: its `Bearer` header. */
export async function operatorWithRole(
  t: TestApp,
  role: OperatorRole,
  loginId = `${role.toLowerCase()}_${Math.random().toString(36).slice(2, 8)}`,
): Promise<{ id: number; loginId: string; auth: string }> {
  const owner = `Bearer ${await t.operatorToken()}`;
  const password = `${loginId}-password`;
  const created = await t.http
    .post('/api/admin/operators')
    .set('Authorization', owner)
    .send({ loginId, password, role })
    .expect(201);
  const login = await logInOperator(t.http, { id: loginId, password });
  return { id: created.body.id as number, loginId, auth: `Bearer ${login.accessToken}` };
}
