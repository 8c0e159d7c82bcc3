/** The partner answered with its own refusal (a code and a Korean message): definite, held for an operator. */
export class PartnerRefusal extends Error {
  constructor(
    readonly partner: 'Toss' | 'Popbill',
    readonly code: string,
    readonly partnerMessage: string,
  ) {
    super(`${partner} ${code}: ${partnerMessage}`);
  }

  /** What the operator and the member read: the partner's own words, with its code. */
  get forPeople(): string {
    const who = this.partner === 'Toss' ? '토스페이먼츠' : '팝빌';
    return `${who}: ${this.partnerMessage || '요청이 거절되었습니다.'} (${this.code})`;
  }
}

/** No usable answer (network, timeout, 5xx, unreadable body): the outcome is unknown, tried again later. */
export class PartnerUnreachable extends Error {}

/** What one issue or adjustment at a partner gave back. */
export interface PartnerDocument {
  partnerKey: string;
  approvalNumber: string | null;
  receiptUrl: string | null;
  /** What the partner says the document is for, when it says (a replayed or looked-up answer may differ from the request). */
  amount: bigint | null;
}

/** Posts JSON with a deadline; a 5xx, a timeout or a body that is not JSON is PartnerUnreachable. */
export async function callJson(
  label: string,
  url: URL,
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string },
  timeoutMs: number,
): Promise<{ status: number; json: Record<string, unknown> }> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new PartnerUnreachable(`${label}: ${error instanceof Error ? error.name : 'error'}`);
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new PartnerUnreachable(`${label}: HTTP ${response.status} without JSON`);
  }
  if (response.status >= 500) throw new PartnerUnreachable(`${label}: HTTP ${response.status}`);
  if (typeof json !== 'object' || json === null) throw new PartnerUnreachable(`${label}: not a JSON object`);
  return { status: response.status, json: json as Record<string, unknown> };
}
