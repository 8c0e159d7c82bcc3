import { Body, Controller, Get, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  ticketCreateSchema,
  ticketReplySchema,
  type TicketCreate,
  type TicketReply,
} from '../../../contracts/index.js';
import { ContentFacade, uploadedImage } from '../../content/index.js';
import { CurrentMember, MemberGuard, type AuthenticatedMember } from '../../auth/index.js';
import { idPipe, ZodPipe } from '../../../shared/index.js';
import { CloseOwnTicket } from '../application/commands/close-own-ticket/close-own-ticket.js';
import { OpenTicket } from '../application/commands/open-ticket/open-ticket.js';
import { ReplyToTicket } from '../application/commands/reply-to-ticket/reply-to-ticket.js';
import { GetMemberTicket } from '../application/queries/get-member-ticket/get-member-ticket.js';
import { ListMemberTickets } from '../application/queries/list-member-tickets/list-member-tickets.js';

const idParam = idPipe({ message: '문의 번호가 올바르지 않습니다.' });

/** The member's 1:1 문의: `GET/POST /api/service/tickets`, one ticket, a reply, closing, and attaching an image. */
@Controller('service/tickets')
@UseGuards(MemberGuard)
export class MemberTicketsController {
  constructor(
    private readonly listTickets: ListMemberTickets,
    private readonly getTicket: GetMemberTicket,
    private readonly openTicket: OpenTicket,
    private readonly replyToTicket: ReplyToTicket,
    private readonly closeTicket: CloseOwnTicket,
    private readonly content: ContentFacade,
  ) {}

  @Get()
  list(@CurrentMember() member: AuthenticatedMember) {
    return this.listTickets.execute(member.id);
  }

  @Post()
  @HttpCode(201)
  open(@Body(new ZodPipe(ticketCreateSchema)) body: TicketCreate, @CurrentMember() member: AuthenticatedMember) {
    return this.openTicket.execute(member.id, body);
  }

  /**
   * One image (png, jpeg, webp, gif; 5 MB) through the upload pipeline: {url} to list in this member's
   * ticket images (10 per 10 minutes, 30 a day; removed unless a ticket takes it within a day).
   */
  @Post('images')
  @HttpCode(201)
  async image(@Req() request: FastifyRequest, @CurrentMember() member: AuthenticatedMember) {
    const stored = await this.content.storeMemberImage(member.id, await uploadedImage(request));
    return { url: stored.url };
  }

  @Get(':id')
  one(@Param('id', idParam) id: number, @CurrentMember() member: AuthenticatedMember) {
    return this.getTicket.execute(member.id, id);
  }

  @Post(':id/messages')
  @HttpCode(201)
  reply(
    @Param('id', idParam) id: number,
    @Body(new ZodPipe(ticketReplySchema)) body: TicketReply,
    @CurrentMember() member: AuthenticatedMember,
  ) {
    return this.replyToTicket.execute(member.id, id, body);
  }

  @Post(':id/close')
  @HttpCode(200)
  close(@Param('id', idParam) id: number, @CurrentMember() member: AuthenticatedMember) {
    return this.closeTicket.execute(member.id, id);
  }
}
