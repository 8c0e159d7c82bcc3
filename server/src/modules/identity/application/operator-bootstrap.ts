import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppConfig } from '../../../config/index.js';
import { Clock } from '../../../shared/index.js';
import { Operator } from '../domain/operator.entity.js';
import { PasswordHasher } from './password-hasher.js';
import { SecondFactorService } from './second-factor.service.js';

export interface OperatorLogin {
  id: string;
  /** The generated password, only on the start that created the account (printed once, never again). */
  password: string | null;
}

/**
 * An empty database gets one operator: ADMIN_ID/ADMIN_PASSWORD when set, else `admin` with a generated
 * password written once to DATA_DIR/operator-password.txt (mode 600) and shown by that start's banner only.
 * ADMIN_TOTP_SECRET, when set, is the owner's TOTP secret from the start.
 */
@Injectable()
export class OperatorBootstrap {
  private readonly logger = new Logger('Operators');

  constructor(
    private readonly em: EntityManager,
    private readonly hasher: PasswordHasher,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly factors: SecondFactorService,
  ) {}

  async ensureOperator(): Promise<OperatorLogin> {
    const em = this.em.fork();
    const file = join(this.config.dataDir, 'operator-password.txt');
    const [existing] = await em.find(Operator, {}, { orderBy: { id: 'ASC' }, limit: 1 });
    if (existing) return { id: existing.loginId, password: null };
    const id = this.config.env.ADMIN_ID ?? 'admin';
    const password = this.config.env.ADMIN_PASSWORD ?? randomBytes(12).toString('base64url');
    const operator = new Operator(id, await this.hasher.hash(password), this.clock.now());
    await em.persist(operator).flush();
    // Without ADMIN_TOTP_SECRET the owner's first login leads into enrolment (the role requires a second factor).
    if (this.config.env.ADMIN_TOTP_SECRET)
      await this.factors.enableWithSecret('operator', operator.id, this.config.env.ADMIN_TOTP_SECRET);
    if (!this.config.env.ADMIN_PASSWORD) writeFileSync(file, `${password}\n`, { mode: 0o600 });
    this.logger.log(`created operator "${id}"`);
    // A password the operator chose (ADMIN_PASSWORD) is theirs already: it is not printed.
    return { id, password: this.config.env.ADMIN_PASSWORD ? null : password };
  }
}
