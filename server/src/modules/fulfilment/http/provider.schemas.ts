import { z } from 'zod';
import { REFILL_DAYS_MAX, SERVICE_TYPES } from '../../../contracts/index.js';
import { printable } from '../domain/upstream-protocol.js';

const name = z
  .string({ error: '공급사 이름을 입력해 주세요.' })
  .trim()
  .min(1, '공급사 이름을 입력해 주세요.')
  .max(100, '공급사 이름은 100자 이하로 입력해 주세요.')
  .refine(printable, '공급사 이름에 쓸 수 없는 문자가 있습니다.');
const apiUrl = z
  .url({ protocol: /^https?$/, error: 'API URL은 http(s) 주소여야 합니다.' })
  .max(500, 'API URL은 500자 이하로 입력해 주세요.');
const apiKey = z
  .string({ error: 'API 키를 입력해 주세요.' })
  .trim()
  .min(1, 'API 키를 입력해 주세요.')
  .max(500, 'API 키는 500자 이하로 입력해 주세요.')
  .refine(printable, 'API 키에 쓸 수 없는 문자가 있습니다.');
const enabled = z.boolean({ error: 'enabled는 true 또는 false여야 합니다.' });
const timeoutMs = z
  .number({ error: '시간 제한은 밀리초 단위 숫자여야 합니다.' })
  .int('시간 제한은 정수여야 합니다.')
  .min(1000, '시간 제한은 1000ms 이상이어야 합니다.')
  .max(120_000, '시간 제한은 120000ms 이하여야 합니다.');

const maxConcurrency = z
  .number({ error: '동시 전송 수는 숫자여야 합니다.' })
  .int('동시 전송 수는 정수여야 합니다.')
  .min(1, '동시 전송 수는 1 이상이어야 합니다.')
  .max(100, '동시 전송 수는 100 이하여야 합니다.');

const currencyRate = z
  .union([z.string(), z.number()], { error: '환율은 0보다 큰 숫자(소수점 6자리까지)여야 합니다.' })
  .transform((v) => String(v).trim())
  .refine(
    (v) => /^\d{1,9}(\.\d{1,6})?$/.test(v) && /[1-9]/.test(v),
    '환율은 0보다 큰 숫자(소수점 6자리까지)여야 합니다.',
  );

export const createProviderSchema = z.object({
  name,
  apiUrl,
  apiKey,
  enabled: enabled.default(true),
  timeoutMs: timeoutMs.default(15_000),
  maxConcurrency: maxConcurrency.default(10),
  currencyRate: currencyRate.default('1'),
});

/** ra-data-simple-rest sends the whole record back: unknown fields (hasKey, keyLast4 ...) are dropped, an empty key keeps the stored one. */
export const updateProviderSchema = z.object({
  name: name.optional(),
  apiUrl: apiUrl.optional(),
  apiKey: z
    .union([z.literal('').transform(() => undefined), apiKey])
    .nullish()
    .transform((v) => v ?? undefined),
  enabled: enabled.optional(),
  timeoutMs: timeoutMs.optional(),
  maxConcurrency: maxConcurrency.optional(),
  currencyRate: currencyRate.optional(),
});

export type CreateProviderInput = z.infer<typeof createProviderSchema>;
export type UpdateProviderInput = z.infer<typeof updateProviderSchema>;

const decimalText = (message: string) =>
  z
    .union([z.string(), z.number()], { error: message })
    .transform((v) => String(v).trim())
    .refine((v) => /^\d{1,9}(\.\d{1,6})?$/.test(v), message);

const categoryId = z
  .number({ error: '카테고리를 선택해 주세요.' })
  .int('카테고리를 선택해 주세요.')
  .positive('카테고리를 선택해 주세요.');

export const importServicesSchema = z
  .object({
    /** Our margin in percent on the provider's rate ("30" = +30 %). */
    markupPercent: decimalText('마진율은 0 이상의 숫자(소수점 6자리까지)여야 합니다.'),
    /** Won per unit of the provider's currency; 1 for a provider priced in won. */
    currencyRate: decimalText('환율은 0보다 큰 숫자여야 합니다.')
      .refine((v) => /[1-9]/.test(v), '환율은 0보다 큰 숫자여야 합니다.')
      .default('1'),
    /** The category every imported service goes to, unless categoryMap names the provider's category. */
    categoryId: categoryId.optional(),
    /** The provider's category name → our category id. */
    categoryMap: z
      .record(z.string().max(200).refine(printable, '카테고리 이름에 쓸 수 없는 문자가 있습니다.'), categoryId)
      .optional(),
    /** Only these provider service ids (default: all). */
    serviceIds: z
      .array(z.union([z.string().max(100), z.number()]).transform(String))
      .min(1)
      .max(5000)
      .optional(),
    enableAuto: z.boolean().optional(),
    /** The operator's word over the provider's list, per provider service id: type and flags as they should be here. */
    overrides: z
      .record(
        z.string().max(100),
        z.object({
          type: z
            .enum(SERVICE_TYPES, { error: '서비스 유형은 기본, 커스텀 댓글, 패키지, 구독 중 하나여야 합니다.' })
            .optional(),
          refill: z.boolean().optional(),
          refillDays: z
            .number()
            .int()
            .min(1)
            .max(REFILL_DAYS_MAX, `리필 기간은 1~${REFILL_DAYS_MAX}일의 정수로 입력해 주세요.`)
            .optional(),
          cancel: z.boolean().optional(),
          enableAuto: z.boolean().optional(),
        }),
      )
      .optional(),
  })
  .refine(
    (v) => v.categoryId !== undefined || (v.categoryMap && Object.keys(v.categoryMap).length > 0),
    '카테고리를 선택해 주세요.',
  );

export type ImportServicesInput = z.infer<typeof importServicesSchema>;
