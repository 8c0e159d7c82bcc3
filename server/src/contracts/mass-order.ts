import { z } from 'zod';

/**
 * Mass order (대량 주문): one order per line, `service_id | link | quantity` (also `,` or tab separated).
 * A Custom Comments service takes its comments as the fields after the link (`id | link | 댓글1 | 댓글2`),
 * a Package the id and link alone (a quantity after them is ignored), as panels write them.
 */
export const MASS_ORDER_MAX_LINES = 500;
/** The whole text at most this long (500 lines of a long link and comments). */
export const MASS_ORDER_MAX_CHARS = 1_000_000;

export const MASS_ORDER_MESSAGES = {
  empty: '주문을 한 줄에 하나씩 입력해 주세요.',
  tooManyLines: `대량 주문은 한 번에 ${MASS_ORDER_MAX_LINES}줄까지 입력할 수 있습니다.`,
  tooLong: '대량 주문 내용이 너무 깁니다.',
  lineFormat: '형식이 올바르지 않습니다. 서비스번호 | 링크 | 수량 형식으로 입력해 주세요.',
  hasErrors: '오류가 있는 줄을 고친 뒤 다시 주문해 주세요. 아무 주문도 접수되지 않았습니다.',
  shortfall: '포인트가 부족합니다. 아무 주문도 접수되지 않았습니다.',
  placed: '대량 주문이 접수되었습니다.',
} as const;

/** A service number that is not on sale (not 서비스를 선택해 주세요, as if none were typed). */
export const massOrderUnknownService = (id: string) =>
  `${id}번 서비스가 없습니다. 주문하기 화면에서 서비스 번호를 확인해 주세요.`;

/** One line split into its fields: the service id as written, the link, and what follows. */
export interface MassOrderFields {
  serviceId: string;
  link: string;
  rest: string[];
}

/** The non-empty lines with their 1-based line numbers. */
export function massOrderLines(text: string): { line: number; text: string }[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((t, i) => ({ line: i + 1, text: t.trim() }))
    .filter((l) => l.text !== '');
}

/**
 * A line's fields: split on `|` if it has one, else on tabs, else on commas (a link with a comma in it
 * needs the `|` form). Null when there are fewer than two fields.
 */
export function massOrderFields(line: string): MassOrderFields | null {
  const separator = line.includes('|') ? '|' : line.includes('\t') ? '\t' : ',';
  const fields = line.split(separator).map((f) => f.trim());
  if (fields.length < 2 || fields[0] === '' || fields[1] === '') return null;
  return { serviceId: fields[0]!, link: fields[1]!, rest: fields.slice(2).filter((f) => f !== '') };
}

/** `POST /api/service/orders/mass` {orders, preview?}; `?preview=1` also previews. */
export const massOrderRequestSchema = z.object({
  orders: z
    .string({ error: MASS_ORDER_MESSAGES.empty })
    .max(MASS_ORDER_MAX_CHARS, MASS_ORDER_MESSAGES.tooLong)
    .refine((v) => massOrderLines(v).length > 0, MASS_ORDER_MESSAGES.empty)
    .refine((v) => massOrderLines(v).length <= MASS_ORDER_MAX_LINES, MASS_ORDER_MESSAGES.tooManyLines),
  preview: z.boolean({ error: MASS_ORDER_MESSAGES.empty }).optional(),
});
export type MassOrderRequest = z.infer<typeof massOrderRequestSchema>;

/** One line of the answer: its price, or its Korean error; its order id once placed. */
export interface MassOrderLineView<Won = number> {
  line: number;
  text: string;
  serviceId: number | null;
  /** The service's name. */
  service: string | null;
  link: string;
  /** The quantity ordered (a Custom Comments line: its comments' count; a Package: 1). */
  amount: number | null;
  /** What the line costs at the member's price, whole won. */
  point: Won | null;
  /** The first rule the line broke, as it always read (an unknown service: 서비스를 선택해 주세요). */
  error: string | null;
  /** Every error of the line (an unknown service said as such); empty for a good line. */
  errors: string[];
  orderId: number | null;
}

/** The preview's and the placement's answer. */
export interface MassOrderAnswer<Won = number> {
  lines: MassOrderLineView<Won>[];
  /** Lines without an error, and what they cost together. */
  count: number;
  errors: number;
  total: Won;
  balance: Won;
  /** What the balance lacks for the total (0 when it covers it). */
  shortfall: Won;
  placed: boolean;
  /** An Idempotency-Key's first answer returned again: nothing was placed this time. */
  replayed: boolean;
  message: string | null;
}
