export { SettingsModule } from './settings.module.js';
export { SettingsService, type SettingView } from './application/settings.service.js';
export { PAYMENT_TYPES, type PaymentType, type SettingKey, type SettingValue } from './domain/setting-registry.js';
export type { Setting } from './domain/setting.entity.js';
// 점검 모드: ask SettingsService.maintenance() (now, message, until) or assertOpen() (refuses while on).
export type { MaintenanceView } from '../../contracts/maintenance.js';
