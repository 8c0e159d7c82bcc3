import { AnswerSubscriptionCancel } from './answer-subscription-cancel/answer-subscription-cancel.js';
import { CancelHeldSubscription } from './cancel-held-subscription/cancel-held-subscription.js';
import { CancelSubscription } from './cancel-subscription/cancel-subscription.js';
import { ClaimSubscription } from './claim-subscription/claim-subscription.js';
import { EndSubscription } from './end-subscription/end-subscription.js';
import { ExpireSubscriptions } from './expire-subscriptions/expire-subscriptions.js';
import { PlaceSubscription } from './place-subscription/place-subscription.js';
import { RecordSubscriptionPost } from './record-subscription-post/record-subscription-post.js';
import { ResendHeldSubscription } from './resend-held-subscription/resend-held-subscription.js';
import { SetSubscriptionRunning } from './set-subscription-running/set-subscription-running.js';
import { SubscriptionChanges } from './subscription-changes.js';

/** Ordering's state-changing use cases, one per folder (registered by OrderingModule; reached from outside through the facade). */
export const ORDERING_COMMANDS = [
  AnswerSubscriptionCancel,
  CancelHeldSubscription,
  CancelSubscription,
  ClaimSubscription,
  EndSubscription,
  ExpireSubscriptions,
  PlaceSubscription,
  RecordSubscriptionPost,
  ResendHeldSubscription,
  SetSubscriptionRunning,
  SubscriptionChanges,
];
