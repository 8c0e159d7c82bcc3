export { BillingModule } from './billing.module.js';
export { BillingFacade } from './application/billing.facade.js';
export { ChargeExpiryJob } from './jobs/charge-expiry.job.js';
export { MAX_OPEN_CHARGES } from './application/charge-requests.js';
export { CHARGE_TRANSITIONS, DEPOSIT_TRANSITIONS } from './domain/vocabulary.js';
export type { Charge } from './domain/charge.entity.js';
export type { Deposit, DepositStatus } from './domain/deposit.entity.js';
export { TossRecheckJob } from './jobs/toss-recheck.job.js';
