export { AlertsModule } from './alerts.module.js';
export { AlertsFacade } from './application/alerts.facade.js';
export { AlertSenderJob } from './jobs/alert-sender.job.js';
export { OperatorAlert, ALERT_KINDS, type AlertKind } from './domain/operator-alert.entity.js';
