import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Clock, DomainError, NotFoundError, ShortCache } from '../../../shared/index.js';
import { AuthSession, type SessionKind } from '../domain/auth-session.entity.js';
import { deviceSummary } from './device-summary.js';
import { IdentitySecrets } from './secrets.js';
import { ACCESS_TTL_SECONDS, TokenService } from './tokens.js';

/** How long a session may be refreshed after it was opened (wall time, like the access token's expiry). */
export const SESSION_TTL_MS: Record<SessionKind, number> = { member: 30 * 24 * 3600_000, operator: 12 * 3600_000 };

/** How long a process trusts what it read about a session (another replica's revocation shows within this). */
const SESSION_CACHE_MS = 2_000;

/** A session's 최근 사용 moves at most this often: one write a minute, not one per request. */
export const LAST_SEEN_EVERY_MS = 60_000;

export interface LoginContext {
  ip: string;
  /** The User-Agent header. */
  device?: string;
}

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  /** Seconds the access token lives. */
  expiresIn: number;
}

export interface SessionView {
  id: number;
  /** `Chrome · Windows`, from the stored User-Agent. */
  device: string;
  userAgent: string;
  ip: string;
  createdAt: Date;
  lastSeenAt: Date;
  current: boolean;
}

/** Opens, refreshes, lists and revokes the sessions of members and operators. */
@Injectable()
export class Sessions {
  private readonly standing = new ShortCache<number, { kind: string; subject: number; lastSeen: number } | null>(
    SESSION_CACHE_MS,
    async (id) => {
      const [row] = await this.em
        .getConnection()
        .execute<{ kind: string; subject_id: number; last_seen_at: Date }[]>(
          'select kind, subject_id, last_seen_at from auth_session where id = ? and revoked_at is null',
          [id],
        );
      return row ? { kind: row.kind, subject: row.subject_id, lastSeen: new Date(row.last_seen_at).getTime() } : null;
    },
  );

  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly tokens: TokenService,
    private readonly secrets: IdentitySecrets,
  ) {}

  /** Whether session `id` is open and belongs to this member or operator (what every request checks). */
  async stands(id: number | undefined, kind: SessionKind, subjectId: number): Promise<boolean> {
    if (!Number.isInteger(id)) return false;
    const session = await this.standing.get(id!);
    if (!session || session.kind !== kind || session.subject !== subjectId) return false;
    await this.seen(id!, session);
    return true;
  }

  /**
   * 최근 사용 follows the session's use: written only when the stored time is a minute old (the check reads
   * the cached row, and the update's condition keeps replicas from writing it twice).
   */
  private async seen(id: number, session: { lastSeen: number }): Promise<void> {
    const now = this.clock.now();
    if (now.getTime() - session.lastSeen < LAST_SEEN_EVERY_MS) return;
    session.lastSeen = now.getTime();
    await this.em
      .getConnection()
      .execute('update auth_session set last_seen_at = ? where id = ? and last_seen_at <= ?', [
        now,
        id,
        new Date(now.getTime() - LAST_SEEN_EVERY_MS),
      ])
      .catch(() => undefined);
  }

  /** A new session for a login that passed every check; `version` is the member's session version. */
  async open(kind: SessionKind, subjectId: number, context: LoginContext, version?: number): Promise<TokenPair> {
    const em = this.em.fork();
    const session = new AuthSession({
      kind,
      subjectId,
      device: (context.device ?? '').replace(/[\p{Cc}]/gu, '').slice(0, 200),
      ip: context.ip.slice(0, 64),
      refreshSalt: randomBytes(24).toString('base64url'),
      expiresAt: new Date(Date.now() + SESSION_TTL_MS[kind]),
      now: this.clock.now(),
    });
    await em.persist(session).flush();
    return this.pair(session, version);
  }

  /**
   * The next token pair for a refresh token. Its generation must be the current one, moved on in the same
   * statement (two refreshes with one token: one wins); an older generation of a genuine token means it was
   * copied, and the session is revoked. Anything else is a 401 that changes nothing.
   */
  async refresh(
    kind: SessionKind,
    token: string,
    memberVersion: (memberId: number) => Promise<number | null>,
  ): Promise<TokenPair> {
    const parsed = /^(\d{1,10})\.(\d{1,10})\.([\w-]{43})$/.exec(token);
    if (!parsed) throw new DomainError('SESSION_EXPIRED');
    const [id, generation] = [Number(parsed[1]), Number(parsed[2])];
    const em = this.em.fork();
    const session = await em.findOne(AuthSession, id);
    if (!session || session.kind !== kind || !this.macMatches(session, generation, parsed[3]!))
      throw new DomainError('SESSION_EXPIRED');
    if (session.revokedAt || session.expiresAt.getTime() <= Date.now()) throw new DomainError('SESSION_EXPIRED');
    const moved = await em.getConnection().execute<{ refresh_generation: number }[]>(
      `update auth_session set refresh_generation = refresh_generation + 1, last_seen_at = ?
        where id = ? and refresh_generation = ? and revoked_at is null returning refresh_generation`,
      [this.clock.now(), id, generation],
    );
    if (moved.length === 0) {
      await this.revoke(session.kind, session.subjectId, id, 'refresh-reuse');
      throw new DomainError('SESSION_EXPIRED');
    }
    session.refreshGeneration = moved[0]!.refresh_generation;
    let version: number | undefined;
    // A member's token carries the current session version (null: the member may no longer log in).
    if (session.kind === 'member') {
      const current = await memberVersion(session.subjectId);
      if (current === null) throw new DomainError('SESSION_EXPIRED');
      version = current;
    }
    return this.pair(session, version);
  }

  list(kind: SessionKind, subjectId: number, currentId: number): Promise<SessionView[]> {
    return this.em
      .fork()
      .find(
        AuthSession,
        { kind, subjectId, revokedAt: null, expiresAt: { $gt: new Date() } },
        { orderBy: { lastSeenAt: 'desc', id: 'desc' }, limit: 100 },
      )
      .then((rows) =>
        rows.map((s) => ({
          id: s.id,
          device: deviceSummary(s.device),
          userAgent: s.device,
          ip: s.ip,
          createdAt: s.createdAt,
          lastSeenAt: s.lastSeenAt,
          current: s.id === currentId,
        })),
      );
  }

  /** Revokes one of the subject's own sessions (404 for anyone else's). */
  async revoke(kind: SessionKind, subjectId: number, sessionId: number, reason: string): Promise<void> {
    const n = await this.em
      .fork()
      .nativeUpdate(
        AuthSession,
        { id: sessionId, kind, subjectId, revokedAt: null },
        { revokedAt: this.clock.now(), revokedReason: reason },
      );
    this.standing.forget(sessionId);
    if (n === 0 && !(await this.em.fork().count(AuthSession, { id: sessionId, kind, subjectId })))
      throw new NotFoundError('SESSION_NOT_FOUND');
  }

  /** Revokes every open session of the subject but `exceptId` (a password or 2FA change, disable, deletion). */
  async revokeAll(
    kind: SessionKind,
    subjectId: number,
    reason: string,
    exceptId?: number,
    em: EntityManager = this.em.fork(),
  ): Promise<number> {
    const n = await em.nativeUpdate(
      AuthSession,
      { kind, subjectId, revokedAt: null, ...(exceptId ? { id: { $ne: exceptId } } : {}) },
      { revokedAt: this.clock.now(), revokedReason: reason },
    );
    this.standing.forget();
    return n;
  }

  private pair(session: AuthSession, version?: number): TokenPair {
    return {
      accessToken: this.tokens.accessToken(session.kind, session.subjectId, session.id, version),
      refreshToken: `${session.id}.${session.refreshGeneration}.${this.mac(session, session.refreshGeneration)}`,
      expiresIn: ACCESS_TTL_SECONDS,
    };
  }

  private mac(session: AuthSession, generation: number): string {
    return createHmac('sha256', this.secrets.key('refresh-token'))
      .update(`${session.id}.${generation}.${session.refreshSalt}`)
      .digest('base64url');
  }

  private macMatches(session: AuthSession, generation: number, mac: string): boolean {
    if (generation > session.refreshGeneration) return false;
    const expected = Buffer.from(this.mac(session, generation));
    const given = Buffer.from(mac);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
