import type { ComponentType } from 'react';
import type { Permission } from '../../server/src/contracts/operators.js';
import members from './members';
import ledgerEntries from './ledger-entries';
import charges from './charges';
import deposits from './deposits';
import orders from './orders';
import autoOrders from './auto-orders';
import platforms from './platforms';
import categories from './categories';
import services from './services';
import providers from './providers';
import notices from './notices';
import faqs from './faqs';
import popups from './popups';
import registerWheres from './register-wheres';
import guideImages from './guide-images';
import settings from './settings';
import outbox from './outbox';
import refills from './refills';
import alerts from './alerts';
import deliveries from './deliveries';
import subscriptions from './subscriptions';
import auditLogs from './audit-logs';
import referrals from './referrals';
import loginAttempts from './login-attempts';
import operators from './operators';
import approvals from './approvals';
import memberLevels from './member-levels';
import pointDebts from './point-debts';
import tickets from './tickets';
import savedReplies from './saved-replies';
import reports from './reports';
import providerScores from './provider-scores';
import priceChanges from './price-changes';
import receipts from './receipts';
import chargeBonuses from './charge-bonuses';
import serviceChanges from './service-changes';
import coupons from './coupons';

export interface ResourceModule {
  list?: ComponentType;
  edit?: ComponentType;
  create?: ComponentType;
  show?: ComponentType;
  icon?: ComponentType;
  recordRepresentation?: string;
}

/** Every operator resource (docs/architecture.md names, the same as /api/admin/<name>). */
export const resources: Record<string, ResourceModule> = {
  charges,
  deposits,
  receipts,
  orders,
  'auto-orders': autoOrders,
  members,
  'ledger-entries': ledgerEntries,
  referrals,
  services,
  categories,
  platforms,
  providers,
  notices,
  faqs,
  popups,
  'register-wheres': registerWheres,
  'guide-images': guideImages,
  settings,
  outbox,
  alerts,
  'audit-logs': auditLogs,
  'login-attempts': loginAttempts,
  refills,
  subscriptions,
  'member-levels': memberLevels,
  'point-debts': pointDebts,
  tickets,
  'saved-replies': savedReplies,
  deliveries,
  reports,
  'provider-scores': providerScores,
  'price-changes': priceChanges,
  operators,
  approvals,
  'charge-bonuses': chargeBonuses,
  'service-changes': serviceChanges,
  coupons,
};

/** What reading each resource needs (the server's @Allow on its GET routes): a role without it does not get the resource. */
export const resourcePermissions: Record<string, Permission> = {
  charges: 'charges',
  deposits: 'charges',
  receipts: 'receipts',
  orders: 'orders.read',
  'auto-orders': 'orders.read',
  members: 'members.read',
  'ledger-entries': 'ledger',
  referrals: 'members.read',
  services: 'catalog',
  categories: 'catalog',
  platforms: 'catalog',
  providers: 'providers',
  notices: 'content',
  faqs: 'content',
  popups: 'content',
  'register-wheres': 'content',
  'guide-images': 'content',
  settings: 'settings',
  outbox: 'audit',
  alerts: 'audit',
  'audit-logs': 'audit',
  'login-attempts': 'audit',
  refills: 'orders.read',
  subscriptions: 'orders.read',
  operators: 'operators',
  approvals: 'approvals',
  'member-levels': 'members.manage',
  'point-debts': 'ledger',
  tickets: 'support',
  'saved-replies': 'support',
  reports: 'reports',
  'provider-scores': 'providers',
  'price-changes': 'providers',
  deliveries: 'audit',
  'charge-bonuses': 'charges',
  'service-changes': 'catalog',
  coupons: 'points.adjust',
};

export const menuSections: { title: string; names: string[] }[] = [
  { title: '입금', names: ['charges', 'deposits', 'receipts', 'approvals', 'charge-bonuses'] },
  { title: '주문', names: ['orders', 'auto-orders', 'refills', 'subscriptions'] },
  { title: '회원', names: ['members', 'ledger-entries', 'point-debts', 'referrals', 'member-levels'] },
  { title: '상품', names: ['services', 'categories', 'platforms', 'providers', 'service-changes'] },
  { title: '콘텐츠', names: ['notices', 'faqs', 'popups', 'register-wheres', 'guide-images'] },
  {
    title: '운영',
    names: ['settings', 'outbox', 'alerts', 'audit-logs', 'login-attempts', 'deliveries', 'operators'],
  },
  { title: '고객 지원', names: ['tickets', 'saved-replies'] },
  { title: '수익', names: ['reports', 'provider-scores', 'price-changes'] },
  { title: '프로모션', names: ['coupons'] },
];
