import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '../contracts/error-codes.js';

/**
 * C0/C1 control characters other than tab, line feed and carriage return. PostgreSQL refuses NUL in
 * text (a 500 before this check), and none of the others belong in anything a person types. Tab and
 * line breaks stay allowed here for multi-line fields (notices, memos); single-line fields refuse them
 * in their own contract schemas (`printable`). (\p{Cc} is U+0000–U+001F and U+007F–U+009F.)
 */
const CONTROL = /(?![\t\n\r])\p{Cc}/u;

/** Route config (Nest's @RouteConfig) of a route that refuses control characters in its own protocol's words. */
export const OWN_INPUT_CHECK = { controlCharacters: 'own' } as const;

export const CONTROL_CHARACTER_MESSAGE = ERROR_CODES.CONTROL_CHARACTERS;

/** Whether a parsed body, query or params object holds a control character in any key or string (nested). */
export function hasControlCharacter(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return CONTROL.test(value);
  if (value === null || typeof value !== 'object' || depth > 32) return false;
  if (Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some((item) => hasControlCharacter(item, depth + 1));
  return Object.entries(value).some(([key, item]) => CONTROL.test(key) || hasControlCharacter(item, depth + 1));
}

/**
 * One check for every route, whatever its controller parses: a request whose body, query string or path
 * parameters carry a control character is refused with a 400 before any handler (or database) sees it.
 */
export function refuseControlCharacters(fastify: FastifyInstance): void {
  fastify.addHook('preHandler', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    if (
      (request.routeOptions.config as { controlCharacters?: string } | undefined)?.controlCharacters !==
        OWN_INPUT_CHECK.controlCharacters &&
      (hasControlCharacter(request.query) || hasControlCharacter(request.params) || hasControlCharacter(request.body))
    ) {
      // Answered here: the route's handler never runs (done is not called).
      void reply.code(400).send({ statusCode: 400, code: 'CONTROL_CHARACTERS', message: CONTROL_CHARACTER_MESSAGE });
      return;
    }
    done();
  });
}
