import { createHash, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '../../../contracts/index.js';
import { SecondFactor } from '../domain/second-factor.entity.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { LoginKind } from './login-throttle.js';

/** Recovery codes without look-alike characters (no 0/O, 1/I/L): 31 symbols, 10 of them ≈ 49 bits. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export const normalizeRecovery = (code: string) => code.replace(/-/g, '').toUpperCase();
export const hashRecovery = (code: string) => createHash('sha256').update(normalizeRecovery(code)).digest('hex');
export const newRecoveryCodes = () =>
  Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });

/** The account's second factor (on or pending), if any. */
export const findSecondFactor = (em: EntityManager, kind: LoginKind, subjectId: number): Promise<SecondFactor | null> =>
  em.fork().findOne(SecondFactor, { kind, subjectId });
