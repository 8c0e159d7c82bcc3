import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, UseGuards } from '@nestjs/common';
import { CurrentOperator, OperatorGuard, type AuthenticatedOperator } from '../../auth/index.js';
import { Allow, parseListQuery, ZodPipe, IdPipe } from '../../../shared/index.js';
import { ProvidersService } from '../application/providers.service.js';
import { PriceSync } from '../application/price-sync.js';
import {
  createProviderSchema,
  importServicesSchema,
  updateProviderSchema,
  type CreateProviderInput,
  type ImportServicesInput,
  type UpdateProviderInput,
} from '../application/provider-inputs.js';

@Controller('admin/providers')
@UseGuards(OperatorGuard)
@Allow('providers')
export class AdminProvidersController {
  constructor(
    private readonly providers: ProvidersService,
    private readonly prices: PriceSync,
  ) {}

  @Get()
  list(@Query() query: unknown) {
    return this.providers.page(parseListQuery(query));
  }

  @Get(':id')
  getOne(@Param('id', IdPipe) id: number) {
    return this.providers.get(id);
  }

  @Post()
  create(
    @Body(new ZodPipe(createProviderSchema)) body: CreateProviderInput,
    @CurrentOperator() operator: AuthenticatedOperator,
  ) {
    return this.providers.create(body, operator);
  }

  @Put(':id')
  update(
    @Param('id', IdPipe) id: number,
    @Body(new ZodPipe(updateProviderSchema)) body: UpdateProviderInput,
    @CurrentOperator() operator: AuthenticatedOperator,
  ) {
    return this.providers.update(id, body, operator);
  }

  @Delete(':id')
  remove(@Param('id', IdPipe) id: number, @CurrentOperator() operator: AuthenticatedOperator) {
    return this.providers.remove(id, operator);
  }

  /** Asks the provider for our balance there (action=balance). */
  @Get(':id/balance')
  balance(@Param('id', IdPipe) id: number) {
    return this.providers.balance(id);
  }

  /** Imports (or re-syncs) the provider's services into the catalogue with a markup. */
  @Post(':id/import-services')
  @HttpCode(200)
  importServices(
    @Param('id', IdPipe) id: number,
    @Body(new ZodPipe(importServicesSchema)) body: ImportServicesInput,
    @CurrentOperator() operator: AuthenticatedOperator,
  ) {
    return this.providers.importServices(id, body, operator);
  }

  /** Reads the provider's services now and applies rate, limit and availability changes (as the 6-hourly job does). */
  @Post(':id/sync')
  @HttpCode(200)
  sync(@Param('id', IdPipe) id: number, @CurrentOperator() operator: AuthenticatedOperator) {
    return this.prices.syncOne(id, operator);
  }
}
