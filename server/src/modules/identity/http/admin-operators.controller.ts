import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, UseGuards } from '@nestjs/common';
import {
  createOperatorSchema,
  OPERATOR_MESSAGES,
  resetOperatorPasswordSchema,
  updateOperatorSchema,
  type CreateOperatorInput,
} from '../../../contracts/index.js';
import { Allow, idPipe, parseListQuery, ZodPipe } from '../../../shared/index.js';
import { OperatorsService } from '../application/operators.service.js';
import { CurrentOperator, OperatorGuard, type AuthenticatedOperator } from '../../auth/index.js';

const idParam = idPipe({ message: OPERATOR_MESSAGES.notFound });

/** The console's `operators` resource (운영자 관리, ra-data-simple-rest) and its commands: the owner's alone. */
@Controller('admin/operators')
@UseGuards(OperatorGuard)
@Allow('operators')
export class AdminOperatorsController {
  constructor(private readonly operators: OperatorsService) {}

  @Get()
  list(@Query() query: unknown) {
    return this.operators.page(parseListQuery(query));
  }

  @Get(':id')
  getOne(@Param('id', idParam) id: number) {
    return this.operators.one(id);
  }

  @Post()
  create(
    @Body(new ZodPipe(createOperatorSchema)) body: CreateOperatorInput,
    @CurrentOperator() operator: AuthenticatedOperator,
  ) {
    return this.operators.create(body, operator);
  }

  /** The role (the console sends the whole record; nothing else changes here). */
  @Put(':id')
  update(
    @Param('id', idParam) id: number,
    @Body(new ZodPipe(updateOperatorSchema)) body: { role: AuthenticatedOperator['role'] },
    @CurrentOperator() operator: AuthenticatedOperator,
  ) {
    return this.operators.changeRole(id, body.role, operator);
  }

  @Post(':id/disable')
  @HttpCode(200)
  disable(@Param('id', idParam) id: number, @CurrentOperator() operator: AuthenticatedOperator) {
    return this.operators.disable(id, operator);
  }

  @Post(':id/enable')
  @HttpCode(200)
  enable(@Param('id', idParam) id: number, @CurrentOperator() operator: AuthenticatedOperator) {
    return this.operators.enable(id, operator);
  }

  @Post(':id/reset-password')
  @HttpCode(200)
  resetPassword(
    @Param('id', idParam) id: number,
    @Body(new ZodPipe(resetOperatorPasswordSchema)) body: { password: string },
    @CurrentOperator() operator: AuthenticatedOperator,
  ) {
    return this.operators.resetPassword(id, body.password, operator);
  }
}
