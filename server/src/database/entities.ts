// Every context's entities, from each module's public surface.
import { AuditLog } from '../modules/audit/index.js';
import { RegisterWhere } from '../modules/content/index.js';
import { Member, Operator } from '../modules/identity/index.js';
import { Setting } from '../modules/settings/index.js';
import { LedgerEntry, PointAccount } from '../modules/wallet/index.js';

export const entities = [Member, Operator, Setting, PointAccount, LedgerEntry, RegisterWhere, AuditLog];
