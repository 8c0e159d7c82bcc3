import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { IDENTITY_MESSAGES, type SignUpSwitches } from '../../../lib/contracts';

/** Whether each code was sent: state of the form only, never part of a request. */
export interface SentFlags {
  emailCodeSent: boolean;
  phoneCodeSent: boolean;
}

/**
 * A sign-up form's resolver: the shared schema, plus docs/product.md §5's "the code must have been sent" for each
 * verification the site asks for, refused in the server's own words for it (IDENTITY_MESSAGES.codeNotSent).
 */
export function signUpResolver<S extends z.ZodType<object, object>>(
  schema: S,
  switches: SignUpSwitches,
): Resolver<z.input<S> & SentFlags, unknown, z.output<S>> {
  const base = zodResolver(schema as never) as unknown as Resolver<z.input<S> & SentFlags, unknown, z.output<S>>;
  return async (values, context, options) => {
    const result = await base(values, context, options);
    const errors: Record<string, unknown> = { ...result.errors };
    const notSent = { type: 'custom', message: IDENTITY_MESSAGES.codeNotSent };
    if (switches.emailVerify && !values.emailCodeSent) errors.emailCode = notSent;
    if (switches.phoneVerify && !values.phoneCodeSent) errors.sendCode = notSent;
    return Object.keys(errors).length ? { values: {}, errors: errors as FieldErrors<z.input<S> & SentFlags> } : result;
  };
}
