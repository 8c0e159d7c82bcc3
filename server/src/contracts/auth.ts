import { z } from 'zod';
import { MESSAGES } from './messages.js';
import { printable } from './register.js';

const noSpace = (s: string) => !/\s/.test(s);

/** docs/product.md §5 login rules. Lengths are capped so a huge body is a 400, not work. */
export const loginSchema = z.object({
  id: z
    .string({ error: MESSAGES.idRequired })
    .min(1, MESSAGES.idRequired)
    .max(50, MESSAGES.formInvalid)
    .refine(noSpace, MESSAGES.idNoSpace)
    .refine(printable, MESSAGES.formInvalid),
  password: z
    .string({ error: MESSAGES.passwordRequired })
    .min(1, MESSAGES.passwordRequired)
    .max(100, MESSAGES.formInvalid),
});
export type LoginInput = z.infer<typeof loginSchema>;

/**
 * Every field name the reseller API v2 takes its key from, in the order it looks: the parser reads this
 * list and the log masks every name on it, so an alias added here is masked from the start.
 */
export const API_KEY_FIELDS = ['key', 'api_key', 'api'] as const;
