import { z } from 'zod';
import { ZodPipe } from '../../../shared/index.js';

/** A record id in a path: a positive int4, so a huge number is a 400, never a database error. */
export const recordId = z.coerce.number({ error: 'id must be a positive whole number' }).int('id must be a positive whole number').min(1, 'id must be a positive whole number').max(2_147_483_647, 'id must be a positive whole number');
export const IdPipe = new ZodPipe(recordId);
