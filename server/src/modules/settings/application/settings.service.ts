import { Injectable, Optional } from '@nestjs/common';
import { AppConfig } from '../../../config/index.js';
import { EntityManager } from '@mikro-orm/postgresql';
import { AuditFacade, type AuditActor } from '../../audit/index.js';
import { Clock, DomainError, inputRefusal, NotFoundError, ShortCache } from '../../../shared/index.js';
import { Setting } from '../domain/setting.entity.js';
import { effectiveValue, switchRefusal } from './switch-guards.js';
import type { PublicSetting, SettingValueOf, SettingView } from '../../../contracts/settings.js';
import {
  MAINTENANCE_KEYS,
  maintenanceAt,
  maintenanceProblem,
  maintenanceRefusal,
  type MaintenanceKey,
  type MaintenanceSettings,
  type MaintenanceView,
} from '../../../contracts/maintenance.js';
import { errorCodeOf } from '../../../contracts/error-codes.js';
import {
  SETTINGS,
  emptyValue,
  parseSettingValue,
  settingDefinition,
  type SettingDefinition,
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
    private readonly clock: Clock,
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
    const maintenance = await this.maintenance();
    return (await this.list()).map(({ key, value }) => ({
      key: key as SettingKey,
      // The switch as it applies now: a scheduled window that has not begun or has ended reads as off.
      value: key === 'ENABLE_SERVICE_CHECK' ? maintenance.active : effectiveValue(this.config, key, value),
    }));
  }

  /** 점검 모드 at the Clock's now (contracts/maintenance.ts says how the switch and the window combine). */
  async maintenance(): Promise<MaintenanceView> {
    return maintenanceAt(await this.maintenanceValues(), this.clock.now());
  }

  /**
   * Refuses what the shop does not take in maintenance (orders, charges, coupon redemptions): the operator's
   * message and the expected end, code SERVICE_CHECK. Reading, logging in and running orders are never refused.
   */
  async assertOpen(): Promise<void> {
    const now = await this.maintenance();
    if (now.active) throw new DomainError('SERVICE_CHECK', maintenanceRefusal(now));
  }

  private async maintenanceValues(): Promise<MaintenanceSettings> {
    const [on, message, from, until] = await Promise.all([
      this.get('ENABLE_SERVICE_CHECK'),
      this.get('SERVICE_CHECK_MESSAGE'),
      this.get('SERVICE_CHECK_FROM'),
      this.get('SERVICE_CHECK_UNTIL'),
    ]);
    return {
      ENABLE_SERVICE_CHECK: on,
      SERVICE_CHECK_MESSAGE: String(message),
      SERVICE_CHECK_FROM: String(from),
      SERVICE_CHECK_UNTIL: String(until),
    };
  }

  async get<K extends SettingKey>(key: K): Promise<ValueOf<K>> {
    const definition = settingDefinition(key)!;
    return ((await this.stored()).get(key) ?? emptyValue(definition.kind)) as ValueOf<K>;
  }

  async getOne(key: string): Promise<SettingView> {
    const definition = settingDefinition(key);
    if (!definition) throw new NotFoundError('SETTING_UNKNOWN', { key: key.slice(0, 64) });
    return { ...definition, id: key, value: await this.get(key as SettingKey) };
  }

  /**
   * Validates the value for its key; a bad value changes nothing. An operator's change is written to
   * the audit log in the same transaction.
   */
  async set(key: string, value: unknown, actor?: AuditActor): Promise<SettingView> {
    if ((MAINTENANCE_KEYS as readonly string[]).includes(key))
      return (await this.setMaintenance({ [key]: value }, actor))[0]!;
    const definition = settingDefinition(key);
    if (!definition) throw new NotFoundError('SETTING_UNKNOWN', { key: key.slice(0, 64) });
    const parsed = parseSettingValue(definition, value);
    if (!parsed.ok) throw inputRefusal(parsed.reason);
    const refusal = switchRefusal(this.config, key, parsed.value);
    if (refusal) throw inputRefusal(refusal);
    const [view] = await this.write([{ definition, value: parsed.value }], actor);
    return view!;
  }

  /**
   * Writes some of the 점검 모드 keys together, checked as the pair they make with the stored ones (the end after
   * the start), so the console can move a whole window in one save. Each change is audited.
   */
  async setMaintenance(values: Record<string, unknown>, actor?: AuditActor): Promise<SettingView[]> {
    const writes: { definition: SettingDefinition; value: SettingValue }[] = [];
    for (const [key, value] of Object.entries(values)) {
      const definition = settingDefinition(key);
      if (!definition || !(MAINTENANCE_KEYS as readonly string[]).includes(key))
        throw new NotFoundError('SETTING_UNKNOWN', { key: key.slice(0, 64) });
      const parsed = parseSettingValue(definition, value);
      if (!parsed.ok) throw inputRefusal(parsed.reason);
      writes.push({ definition, value: parsed.value });
    }
    const next = { ...(await this.maintenanceValues()) } as Record<MaintenanceKey, SettingValue>;
    for (const w of writes) next[w.definition.key as MaintenanceKey] = w.value;
    const problem = maintenanceProblem(
      next as unknown as MaintenanceSettings,
      writes.map((w) => w.definition.key),
      this.clock.now(),
    );
    if (problem)
      throw new DomainError(
        errorCodeOf(problem.message, 400) ?? 'SETTING_INVALID',
        `${settingDefinition(problem.key)!.label}(${problem.key}): ${problem.message}`,
      );
    return this.write(writes, actor);
  }

  /** Upserts the values in one transaction, each operator change with its audit row, then drops the kept copy. */
  private async write(
    writes: { definition: SettingDefinition; value: SettingValue }[],
    actor?: AuditActor,
  ): Promise<SettingView[]> {
    const views = await this.em.fork().transactional(async (tx) => {
      const out: SettingView[] = [];
      for (const { definition, value } of writes) {
        const key = definition.key;
        const row = await tx.findOne(Setting, { key });
        const before = row?.value ?? emptyValue(definition.kind);
        await tx.upsert(Setting, { key, value, updatedAt: new Date() });
        if (actor)
          this.audit.record(tx, actor, {
            action: 'update',
            resource: 'settings',
            resourceId: key,
            before: { value: before },
            after: { value },
          });
        out.push({ ...definition, id: key, value });
      }
      return out;
    });
    this.cache.forget();
    return views;
  }

  /** Writes several values at once (demo data); each is validated like an operator's write. */
  async setMany(values: Partial<Record<SettingKey, unknown>>): Promise<void> {
    for (const [key, value] of Object.entries(values)) await this.set(key, value);
  }
}
