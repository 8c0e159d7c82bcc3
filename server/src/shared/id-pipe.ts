import { z } from 'zod';
import { ZodPipe } from './zod-pipe.js';

const MESSAGE = 'id must be a positive whole number';

/** A record id in a path: a positive int4, so a huge number is a 400, never a database error. */
export const recordId = z.coerce.number({ error: MESSAGE }).int(MESSAGE).min(1, MESSAGE).max(2_147_483_647, MESSAGE);
export const IdPipe = new ZodPipe(recordId);
