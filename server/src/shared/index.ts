export { DomainError, IllegalTransitionError, inputRefusal, NotFoundError } from './domain-error.js';
export type { MessageParams, RefusalExtras } from './domain-error.js';
export { Clock } from './clock.js';
export { ZodPipe, firstIssueMessage, providerIdField } from './zod-pipe.js';
export { Page, pageOf, parseListQuery, MAX_PAGE, type ListQuery } from './admin-list.js';
export {
  FilterValueError,
  filterText,
  filterString,
  filterId,
  filterIds,
  filterFlag,
  filterDate,
  filterOneOf,
  filterOneOrMany,
  likePattern,
  contains,
  searchIn,
  flagOf,
  idOf,
} from './list-filters.js';
export { findPage, type PageOptions } from './admin-page.js';
export {
  Lease,
  dueSelection,
  leaseStamp,
  takeDue,
  lockDue,
  processDue,
  type LeaseColumn,
  type DueRows,
  type EntityDue,
  type Take,
  type SqlPart,
  type BatchResult,
} from './claim.js';
export { JobEngine, type JobHandler, type JobOptions } from './job-engine.js';
export { WonType } from './won.type.js';
export { ShortCache, ShortRowCache } from './short-cache.js';
export { TurnBatches, oncePerStatement } from './turn-batch.js';
export { executePrepared } from './prepared.js';
export { derivedKey, SecretBox } from './secret-box.js';
export { IdPipe, idPipe, keyPipe, parseRecordId, recordId, type IdPipeOptions } from './id-pipe.js';
export {
  AdminCrud,
  adminCrudController,
  CrudAuditLog,
  CrudWriteListener,
  keyedIds,
  numberedIds,
  type AdminResource,
  type CrudAccess,
  type CrudActor,
  type CrudContext,
  type CrudRow,
  type RecordIds,
} from './admin-crud.js';
export { OWN_INPUT_CHECK, CONTROL_CHARACTER_MESSAGE, hasControlCharacter } from './control-characters.js';
export { TransitionTable, withParticle, type StateMachine, type Refusals } from './transition-table.js';
export { entityNamed, registerEntities } from './entity-ref.js';
export {
  PRIVATE_ADDRESS_CODE,
  isPublicAddress,
  publicUrlProblem,
  assertPublicLiteral,
  publicOnlyDispatcher,
  lookupAll,
  type LookupAll,
} from './public-address.js';
export { COST_SCALE, divideRounded, fromUnits, multiplyToUnits, toUnits } from './decimal.js';
export { csvCell, toCsv } from './csv.js';
export { Allow, PERMISSION_KEY, declaredPermission, assertPermitted } from './permissions.js';
export { proportionalTakeBack, reclaimShare, type ReclaimableGrant } from './proportional-share.js';
export { EventBus, CommandBus, OnDomainEvent, HandlesCommand, type DomainEvent, type Command } from './bus.js';
export {
  RetrySchedule,
  type NextAttempt,
  type NextAttemptContext,
  type RetryDelays,
  type RetryScheduleSpec,
} from './retry-schedule.js';
