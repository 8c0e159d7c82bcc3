export { AlertsModule } from './alerts.module.js';
export { AlertsFacade } from './application/alerts.facade.js';
export { ALERT_KINDS } from './domain/vocabulary.js';
export type { OperatorAlert, AlertKind } from './domain/operator-alert.entity.js';
