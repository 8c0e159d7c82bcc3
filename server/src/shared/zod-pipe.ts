import { BadRequestException, type PipeTransform } from '@nestjs/common';
import { z } from 'zod';

export const NOT_AN_OBJECT = '요청 본문은 JSON 객체여야 합니다.';

/** How providers' own ids look (an order's or a subscription's on their panel): letters, digits, _ and -. */
const PROVIDER_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** An id an operator copied from a provider's panel, as text or a number; `message` when it is not one. */
export const providerIdField = (message: string) =>
  z
    .union([z.string(), z.number()], { error: message })
    .transform((v) => String(v).trim())
    .refine((v) => PROVIDER_ID_PATTERN.test(v), message);

/** First issue's message: the contracts put the spec's Korean message on each rule. */
export function firstIssueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return '입력 양식을 맞춰주세요.';
  // The whole body is of the wrong kind (an array, a string, null): zod's own words are English.
  if (issue.path.length === 0 && issue.code === 'invalid_type') return NOT_AN_OBJECT;
  return issue.message;
}

/** Parses a body/query/param with a zod schema; a failure is a 400 with the rule's message. */
export class ZodPipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.infer<S> {
    const result = this.schema.safeParse(value);
    if (!result.success) throw new BadRequestException(firstIssueMessage(result.error));
    return result.data;
  }
}
