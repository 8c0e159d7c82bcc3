import { Injectable, Optional } from '@nestjs/common';
import { AppConfig } from '../../../config/index.js';
import { EntityManager } from '@mikro-orm/postgresql';
import { AuditFacade, type AuditActor } from '../../audit/index.js';
import { DomainError, NotFoundError, ShortCache } from '../../../shared/index.js';
import { Setting } from '../domain/setting.entity.js';
import { effectiveValue, switchRefusal } from './switch-guards.js';
import type { PublicSetting, SettingValueOf, SettingView } from '../../../contracts/settings.js';
import {
  SETTINGS,
  emptyValue,
  parseSettingValue,
  settingDefinition,
  type SettingKey,
  type SettingValue,
} from '../domain/setting-registry.js';

/** A setting as the console reads it (contracts/settings.ts). */
export type { SettingView };

type ValueOf<K extends SettingKey> = SettingValueOf<K>;

/**
 * Settings are read on hot paths (every order, every storefront start), so a process keeps them in
 * memory this long; its own writes clear the copy at once, another replica's show within this time.
 */
const CACHE_MS = 2_000;

/** The settings facade: typed reads for other modules, validated writes for operators. */
@Injectable()
export class SettingsService {
  private readonly cache = new ShortCache<'all', Map<string, SettingValue>>(CACHE_MS, () =>
    this.em
      .fork()
      .find(Setting, {})
      .then((rows) => new Map(rows.map((r) => [r.key, r.value]))),
  );

  constructor(
    private readonly em: EntityManager,
    private readonly audit: AuditFacade,
    @Optional() private readonly config?: AppConfig,
  ) {}

  private stored(): Promise<Map<string, SettingValue>> {
    return this.cache.get('all');
  }

  /** Every key, missing ones read as their empty value. */
  async list(): Promise<SettingView[]> {
    const stored = await this.stored();
    return SETTINGS.map((d) => ({ ...d, id: d.key, value: stored.get(d.key) ?? emptyValue(d.kind) }));
  }

  /** Every key as the storefront may use it (a social switch without its provider's keys reads as off). */
  async publicList(): Promise<PublicSetting[]> {
    return (await this.list()).map(({ key, value }) => ({
      key: key as SettingKey,
      value: effectiveValue(this.config, key, value),
    }));
  }

  async get<K extends SettingKey>(key: K): Promise<ValueOf<K>> {
    const definition = settingDefinition(key)!;
    return ((await this.stored()).get(key) ?? emptyValue(definition.kind)) as ValueOf<K>;
  }

  async getOne(key: string): Promise<SettingView> {
    const definition = settingDefinition(key);
    if (!definition) throw new NotFoundError(`알 수 없는 설정입니다: ${key.slice(0, 64)}`);
    return { ...definition, id: key, value: await this.get(key as SettingKey) };
  }

  /**
   * Validates the value for its key; a bad value changes nothing. An operator's change is written to
   * the audit log in the same transaction.
   */
  async set(key: string, value: unknown, actor?: AuditActor): Promise<SettingView> {
    const definition = settingDefinition(key);
    if (!definition) throw new NotFoundError(`알 수 없는 설정입니다: ${key.slice(0, 64)}`);
    const parsed = parseSettingValue(definition, value);
    if (!parsed.ok) throw new DomainError(parsed.reason, 400);
    const refusal = switchRefusal(this.config, key, parsed.value);
    if (refusal) throw new DomainError(refusal, 400);
    const view = await this.em.fork().transactional(async (tx) => {
      const row = await tx.findOne(Setting, { key });
      const before = row?.value ?? emptyValue(definition.kind);
      await tx.upsert(Setting, { key, value: parsed.value, updatedAt: new Date() });
      if (actor)
        this.audit.record(tx, actor, {
          action: 'update',
          resource: 'settings',
          resourceId: key,
          before: { value: before },
          after: { value: parsed.value },
        });
      return { ...definition, id: key, value: parsed.value };
    });
    this.cache.forget();
    return view;
  }

  /** Writes several values at once (demo data); each is validated like an operator's write. */
  async setMany(values: Partial<Record<SettingKey, unknown>>): Promise<void> {
    for (const [key, value] of Object.entries(values)) await this.set(key, value);
  }
}
