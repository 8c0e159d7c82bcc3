import {
  massOrderFields,
  massOrderUnknownService,
  ORDER_MESSAGES,
  orderRequestSchema,
  type MassOrderLineView,
} from '../../../lib/contracts';

/** A service number that is not on sale: the server's own words. */
export const unknownServiceMessage = massOrderUnknownService;

/**
 * Every error of a preview line, not only the first rule the server stopped at: its own errors (`errors`, or
 * `error`), an unknown service number said as such, and what the shared order schema finds in the link (and in
 * the quantity of a line whose service is unknown, so its type cannot change what the quantity means).
 */
export function massLineErrors(line: Omit<MassOrderLineView, 'errors'> & { errors?: string[] }): string[] {
  // A server from before `errors` sends only the first.
  const reported = line.errors?.length ? line.errors : line.error ? [line.error] : [];
  if (reported.length === 0) return [];
  const fields = massOrderFields(line.text);
  if (!fields) return reported;
  const unknown = line.serviceId === null && /^\d{1,10}$/.test(fields.serviceId) && Number(fields.serviceId) > 0;
  const found = new Set<string>();
  if (unknown) found.add(unknownServiceMessage(fields.serviceId));
  for (const message of reported) if (!(unknown && message === ORDER_MESSAGES.serviceRequired)) found.add(message);
  const parsed = orderRequestSchema.safeParse({
    serviceId: fields.serviceId,
    link: fields.link,
    amount: fields.rest.length === 1 ? fields.rest[0] : undefined,
  });
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = issue.path[0];
    if (field === 'link' || (field === 'amount' && unknown && fields.rest.length === 1)) found.add(issue.message);
  }
  return [...found];
}
