import { Injectable } from '@nestjs/common';
import { createHash, createHmac } from 'node:crypto';
import { AppConfig } from '../../../../config/index.js';
import { callJson, PartnerRefusal, type PartnerDocument } from './partner-errors.js';

/**
 * Popbill's REST API spoken directly, not the `popbill` npm package: the package takes only LinkID,
 * SecretKey, IsTest and IP switches and builds its hosts (auth.linkhub.co.kr, popbill[-test].linkhub.co.kr)
 * itself, so it cannot be pointed at a test server; this client takes POPBILL_AUTH_URL and POPBILL_API_URL.
 *
 * Auth (Linkhub v2.0): `POST {auth}/{ServiceID}/Token` with body {access_id: 사업자번호, scope}, headers
 * x-lh-date, x-lh-version 2.0 and `Authorization: LINKHUB {LinkID} {base64 HMAC-SHA256(base64-decoded
 * SecretKey, "POST\n" + base64 SHA-256(body) + "\n" + date + "\n" + "2.0\n" + uri)}`; the answer's
 * session_token is the Bearer of API calls until its expiration.
 */
const LINKHUB_VERSION = '2.0';
/** Scopes: member, and 110 (전자세금계산서). */
const SCOPES = ['member', '110'];

export interface TaxInvoiceParty {
  corpNum: string;
  corpName: string;
  ceoName: string;
  addr?: string;
  bizType?: string;
  bizClass?: string;
  email?: string;
  contactName?: string;
  tel?: string;
}

export interface TaxInvoiceDraft {
  mgtKey: string;
  writeDate: string;
  invoicer: TaxInvoiceParty;
  invoicee: TaxInvoiceParty;
  supplyCost: bigint;
  tax: bigint;
  itemName: string;
  /** A 수정세금계산서: its reason code (2 공급가액 변동, 4 계약의 해제) and the original's 승인번호. */
  modify?: { code: '2' | '4'; orgNTSConfirmNum: string };
  memo: string;
}

@Injectable()
export class PopbillClient {
  private token: { value: string; expiresAt: number } | null = null;

  constructor(private readonly config: AppConfig) {}

  get configured(): boolean {
    const env = this.config.env;
    return Boolean(env.POPBILL_LINK_ID && env.POPBILL_SECRET_KEY && env.POPBILL_CORP_NUM);
  }

  get corpNum(): string {
    return this.config.env.POPBILL_CORP_NUM ?? '';
  }

  private get serviceId(): string {
    return this.config.env.POPBILL_IS_TEST ? 'POPBILL_TEST' : 'POPBILL';
  }

  private get apiUrl(): string {
    return (
      this.config.env.POPBILL_API_URL ??
      (this.config.env.POPBILL_IS_TEST ? 'https://popbill-test.linkhub.co.kr' : 'https://popbill.linkhub.co.kr')
    );
  }

  /** 즉시발행 (registIssue): `POST /Taxinvoice` with `X-HTTP-Method-Override: ISSUE`. */
  async registIssue(draft: TaxInvoiceDraft): Promise<PartnerDocument> {
    const total = draft.supplyCost + draft.tax;
    const day = draft.writeDate;
    const party = (prefix: 'invoicer' | 'invoicee', p: TaxInvoiceParty) => ({
      [`${prefix}CorpNum`]: p.corpNum,
      [`${prefix}CorpName`]: p.corpName,
      [`${prefix}CEOName`]: p.ceoName,
      [`${prefix}Addr`]: p.addr ?? '',
      [`${prefix}BizType`]: p.bizType ?? '',
      [`${prefix}BizClass`]: p.bizClass ?? '',
      [`${prefix}ContactName`]: p.contactName ?? '',
      [`${prefix}TEL`]: p.tel ?? '',
      [prefix === 'invoicer' ? 'invoicerEmail' : 'invoiceeEmail1']: p.email ?? '',
    });
    const body = {
      writeDate: day,
      chargeDirection: '정과금',
      issueType: '정발행',
      purposeType: '영수',
      taxType: '과세',
      invoicerMgtKey: draft.mgtKey,
      ...party('invoicer', draft.invoicer),
      invoiceeType: '사업자',
      ...party('invoicee', draft.invoicee),
      supplyCostTotal: String(draft.supplyCost),
      taxTotal: String(draft.tax),
      totalAmount: String(total),
      ...(draft.modify
        ? { modifyCode: Number(draft.modify.code), orgNTSConfirmNum: draft.modify.orgNTSConfirmNum }
        : {}),
      detailList: [
        {
          serialNum: 1,
          purchaseDT: day,
          itemName: draft.itemName,
          qty: '1',
          unitCost: String(draft.supplyCost),
          supplyCost: String(draft.supplyCost),
          tax: String(draft.tax),
        },
      ],
      memo: draft.memo,
      forceIssue: false,
    };
    const answer = await this.call('POST', '/Taxinvoice', body, 'ISSUE');
    return {
      partnerKey: draft.mgtKey,
      approvalNumber: stringOrNull(answer.ntsConfirmNum),
      receiptUrl: null,
      amount: total,
    };
  }

  /**
   * The document under `mgtKey`, or null when Popbill has none: asked before issuing again after an unknown
   * outcome, so a lost answer never becomes a second 세금계산서.
   */
  async find(mgtKey: string): Promise<PartnerDocument | null> {
    try {
      const info = await this.call('GET', `/Taxinvoice/SELL/${encodeURIComponent(mgtKey)}`);
      if (typeof info.stateCode !== 'number' || info.stateCode < 300) return null;
      const supply = Number(info.supplyCostTotal);
      const tax = Number(info.taxTotal);
      return {
        partnerKey: mgtKey,
        approvalNumber: stringOrNull(info.ntsconfirmNum),
        receiptUrl: null,
        amount: Number.isInteger(supply) && Number.isInteger(tax) ? BigInt(supply + tax) : null,
      };
    } catch (error) {
      if (error instanceof PartnerRefusal) return null;
      throw error;
    }
  }

  private async call(
    method: 'GET' | 'POST',
    path: string,
    body?: object,
    override?: string,
  ): Promise<Record<string, unknown>> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${await this.sessionToken()}`,
      'x-pb-version': '1.0',
    };
    if (body) headers['content-type'] = 'application/json; charset=utf8';
    if (override) headers['x-http-method-override'] = override;
    const { status, json } = await callJson(
      `Popbill ${override ?? method} ${path}`,
      new URL(path, this.apiUrl),
      { method, headers, body: body ? JSON.stringify(body) : undefined },
      this.config.env.TOSS_TIMEOUT_MS,
    );
    if (status === 401) this.token = null;
    if (status >= 400 || (typeof json.code === 'number' && json.code < 0))
      throw new PartnerRefusal('Popbill', String(json.code ?? status), String(json.message ?? ''));
    return json;
  }

  private async sessionToken(): Promise<string> {
    // Wall time, not the app's clock: Linkhub checks x-lh-date against its own and dates the token's expiry.
    const now = Date.now();
    if (this.token && this.token.expiresAt > now) return this.token.value;
    const uri = `/${this.serviceId}/Token`;
    const body = JSON.stringify({ access_id: this.corpNum, scope: SCOPES });
    const date = new Date(now).toISOString();
    const target = `POST\n${createHash('sha256').update(body).digest('base64')}\n${date}\n${LINKHUB_VERSION}\n${uri}`;
    const signature = createHmac('sha256', Buffer.from(this.config.env.POPBILL_SECRET_KEY ?? '', 'base64'))
      .update(target)
      .digest('base64');
    const { status, json } = await callJson(
      'Linkhub token',
      new URL(uri, this.config.env.POPBILL_AUTH_URL),
      {
        method: 'POST',
        headers: {
          'x-lh-date': date,
          'x-lh-version': LINKHUB_VERSION,
          authorization: `LINKHUB ${this.config.env.POPBILL_LINK_ID ?? ''} ${signature}`,
          'content-type': 'application/json',
        },
        body,
      },
      this.config.env.TOSS_TIMEOUT_MS,
    );
    if (status !== 200 || typeof json.session_token !== 'string')
      throw new PartnerRefusal('Popbill', String(json.code ?? status), String(json.message ?? '인증에 실패했습니다.'));
    const expiration = typeof json.expiration === 'string' ? Date.parse(json.expiration) : NaN;
    // Used until a minute before it runs out (25 minutes when the answer names no expiry).
    this.token = {
      value: json.session_token,
      expiresAt: Number.isFinite(expiration) ? expiration - 60_000 : now + 25 * 60_000,
    };
    return json.session_token;
  }
}

const stringOrNull = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
