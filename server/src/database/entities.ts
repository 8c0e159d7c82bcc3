// Every context's entities, from each module's public surface.
import { AuditLog } from '../modules/audit/index.js';
import { Category, Platform, Service } from '../modules/catalog/index.js';
import { Charge, Deposit } from '../modules/billing/index.js';
import { Faq, GuideImage, Notice, Popup, RegisterWhere } from '../modules/content/index.js';
import { LoginAttempt, Member, Operator, OutboxMessage, PasswordReset, RateLimitCounter, SocialAccount, VerificationCode } from '../modules/identity/index.js';
import { OrderDispatch, Provider, SimulatedProviderOrder } from '../modules/fulfilment/index.js';
import { AutoOrder, IdempotencyKey, Order, Refill, Subscription, SubscriptionPost } from '../modules/ordering/index.js';
import { ReferralReward } from '../modules/referral/index.js';
import { ApiRateBucket } from '../modules/reseller-api/index.js';
import { Setting } from '../modules/settings/index.js';
import { LedgerEntry, PointAccount } from '../modules/wallet/index.js';
import { BackupRun } from '../ops/backup-run.entity.js';
import { OperatorAlert } from '../modules/alerts/index.js';

export const entities = [
  Member,
  Operator,
  SocialAccount,
  VerificationCode,
  PasswordReset,
  OutboxMessage,
  LoginAttempt,
  RateLimitCounter,
  Setting,
  PointAccount,
  LedgerEntry,
  RegisterWhere,
  AuditLog,
  Platform,
  Category,
  Service,
  Order,
  AutoOrder,
  IdempotencyKey,
  Refill,
  Subscription,
  SubscriptionPost,
  Charge,
  Deposit,
  Notice,
  Faq,
  Popup,
  GuideImage,
  Provider,
  OrderDispatch,
  SimulatedProviderOrder,
  ReferralReward,
  ApiRateBucket,
  BackupRun,
  OperatorAlert,
];

