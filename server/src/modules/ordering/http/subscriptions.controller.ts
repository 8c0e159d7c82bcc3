import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { z } from 'zod';
import { ORDER_MESSAGES, SUBSCRIPTION_MESSAGES, type SubscriptionView } from '../../../contracts/index.js';
import {
  CurrentMember,
  CurrentOperator,
  MemberGuard,
  OperatorGuard,
  type AuthenticatedMember,
  type AuthenticatedOperator,
} from '../../auth/index.js';
import { Allow, idPipe, NotFoundError, parseListQuery, providerIdField, ZodPipe } from '../../../shared/index.js';
import { CancelHeldSubscription } from '../application/commands/cancel-held-subscription/cancel-held-subscription.js';
import { CancelSubscription } from '../application/commands/cancel-subscription/cancel-subscription.js';
import { PlaceSubscription } from '../application/commands/place-subscription/place-subscription.js';
import { ResendHeldSubscription } from '../application/commands/resend-held-subscription/resend-held-subscription.js';
import { FindSubscriptions } from '../application/queries/find-subscriptions/find-subscriptions.js';
import { ListSubscriptions } from '../application/queries/list-subscriptions/list-subscriptions.js';
import { adminSubscriptionView } from '../application/admin-views.js';
import { SUBSCRIPTION_TRANSITIONS, type Subscription } from '../domain/subscription.entity.js';

const subscriptionId = idPipe({ message: SUBSCRIPTION_MESSAGES.notFound });
const whole = (message: string) =>
  z.coerce.number({ error: message }).int(message).min(0, message).max(2_000_000_000, message);

/** The storefront's subscription form; the rules themselves are the shared `subscriptionProblem`. */
const placeSchema = z.object({
  serviceId: whole(ORDER_MESSAGES.serviceRequired),
  username: z.string({ error: SUBSCRIPTION_MESSAGES.usernameRequired }).max(200, SUBSCRIPTION_MESSAGES.usernameInvalid),
  min: whole(SUBSCRIPTION_MESSAGES.minMax),
  max: whole(SUBSCRIPTION_MESSAGES.minMax),
  posts: whole(SUBSCRIPTION_MESSAGES.posts),
  delay: whole(SUBSCRIPTION_MESSAGES.delay),
  expiry: z
    .union([z.string({ error: SUBSCRIPTION_MESSAGES.expiry }).max(20, SUBSCRIPTION_MESSAGES.expiry), z.null()], {
      error: SUBSCRIPTION_MESSAGES.expiry,
    })
    .optional()
    .transform((v) => (v === undefined || v === null || v.trim() === '' ? null : v.trim())),
});

/** What a member sees of a subscription. */
export const subscriptionView = (s: Subscription, orders: number[] = []): SubscriptionView<Date, bigint> => ({
  id: s.id,
  serviceId: s.serviceId,
  username: s.username,
  min: s.min,
  max: s.max,
  posts: s.posts,
  postsUsed: s.postsUsed,
  delay: s.delay,
  expiry: s.expiry,
  point: s.point,
  used: s.used,
  refunded: s.refunded,
  debited: s.debited,
  pauseReason: s.pauseReason,
  status: s.status,
  statusLabel: SUBSCRIPTION_TRANSITIONS.label(s.status),
  orders,
  cancelRequested: s.cancelPending,
  cancelRefusal: s.cancelRefusal,
  createdAt: s.createdAt,
  updatedAt: s.updatedAt,
});

/** A member's subscriptions: POST /api/service/subscriptions, GET /api/service/subscriptions, POST /api/service/subscriptions/:id/cancel. */
@Controller('service/subscriptions')
@UseGuards(MemberGuard)
export class MemberSubscriptionsController {
  constructor(
    private readonly subscriptions: FindSubscriptions,
    private readonly subscribe: PlaceSubscription,
    private readonly cancelOne: CancelSubscription,
  ) {}

  @Post()
  @HttpCode(201)
  async place(
    @Body(new ZodPipe(placeSchema)) body: z.infer<typeof placeSchema>,
    @CurrentMember() member: AuthenticatedMember,
  ) {
    const placed = await this.subscribe.execute(member.id, body);
    return { ...placed, point: Number(placed.point) };
  }

  @Get()
  async list(@CurrentMember() member: AuthenticatedMember) {
    const rows = await this.subscriptions.forMember(member.id);
    const orders = await this.subscriptions.childOrders(rows.map((r) => r.id));
    return rows.map((r) => subscriptionView(r, orders.get(r.id)));
  }

  @Post(':id/cancel')
  @HttpCode(200)
  async cancel(@Param('id', subscriptionId) id: number, @CurrentMember() member: AuthenticatedMember) {
    const subscription = await this.cancelOne.execute(member.id, id);
    return subscriptionView(subscription, (await this.subscriptions.childOrders([id])).get(id));
  }
}

/** The provider's subscription id an operator found on its panel (as orders' resend takes an order id). */
const resendHeldSchema = z.object({
  providerSubscriptionId: providerIdField(SUBSCRIPTION_MESSAGES.providerIdInvalid).optional(),
});

/**
 * Operator console: members' subscriptions. Money moves through the member's cancel and the sync; the
 * operator's commands answer a subscription held because its `add` went unanswered.
 */
@Controller('admin/subscriptions')
@UseGuards(OperatorGuard)
@Allow('orders.read')
export class AdminSubscriptionsController {
  constructor(
    private readonly subscriptions: FindSubscriptions,
    private readonly listSubscriptions: ListSubscriptions,
    private readonly resendHeld: ResendHeldSubscription,
    private readonly cancelHeld: CancelHeldSubscription,
  ) {}

  @Get()
  async list(@Query() query: unknown) {
    return (await this.listSubscriptions.execute(parseListQuery(query))).map(adminSubscriptionView);
  }

  @Get(':id')
  async getOne(@Param('id', subscriptionId) id: number) {
    const subscription = await this.subscriptions.get(id);
    if (!subscription) throw new NotFoundError('SUBSCRIPTION_NOT_FOUND');
    const orders = (await this.subscriptions.childOrders([id])).get(id) ?? [];
    return { ...adminSubscriptionView(subscription), orders };
  }

  /** Links the provider's subscription id the operator found, or (none found) sends its `add` again. */
  @Post(':id/resend')
  @HttpCode(200)
  @Allow('orders.command')
  async resend(
    @Param('id', subscriptionId) id: number,
    @Body(new ZodPipe(resendHeldSchema)) body: z.infer<typeof resendHeldSchema>,
    @CurrentOperator() operator: AuthenticatedOperator,
  ) {
    return adminSubscriptionView(await this.resendHeld.execute(id, body, operator));
  }

  /** Ends a held subscription the provider's panel does not have, refunding the prepayment. */
  @Post(':id/cancel')
  @HttpCode(200)
  @Allow('orders.command')
  async cancel(@Param('id', subscriptionId) id: number, @CurrentOperator() operator: AuthenticatedOperator) {
    const { subscription, ledgerEntry } = await this.cancelHeld.execute(id, operator);
    return { ...adminSubscriptionView(subscription), ledgerEntry };
  }
}
