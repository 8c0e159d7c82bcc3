import { Injectable } from '@nestjs/common';
import argon2 from 'argon2';
import { randomBytes } from 'node:crypto';

@Injectable()
export class PasswordHasher {
  private dummy?: Promise<string>;

  hash(password: string): Promise<string> {
    return argon2.hash(password, { type: argon2.argon2id });
  }

  /**
   * With no hash (unknown id, social-only member) a throw-away hash is still verified, so the
   * answer takes as long as for a wrong password and does not tell which one was wrong.
   */
  async verify(hash: string | null | undefined, password: string): Promise<boolean> {
    if (!hash) {
      this.dummy ??= this.hash(randomBytes(16).toString('hex'));
      await argon2.verify(await this.dummy, password).catch(() => false);
      return false;
    }
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }
}
