import { Body, Controller, Delete, Get, Inject, Param, Post, Put, Query, UseGuards, type Type } from '@nestjs/common';
import { CurrentOperator, OperatorGuard, type AuthenticatedOperator } from '../../identity/index.js';
import { parseListQuery, ZodPipe, IdPipe } from '../../../shared/index.js';
import { ContentAdmin } from '../application/content-admin.js';
import { CONTENT_RESOURCES, type ContentResource } from '../application/content-resources.js';

type Input = Record<string, unknown>;

/** ra-data-simple-rest CRUD at /api/admin/<name> for one content resource. */
function adminController(resource: ContentResource): Type {
  @Controller(`admin/${resource.name}`)
  @UseGuards(OperatorGuard)
  class AdminContentController {
    constructor(@Inject(ContentAdmin) private readonly admin: ContentAdmin) {}

    @Get()
    list(@Query() query: unknown) {
      return this.admin.list(resource, parseListQuery(query));
    }

    @Get(':id')
    get(@Param('id', IdPipe) id: number) {
      return this.admin.get(resource, id);
    }

    @Post()
    create(@Body(new ZodPipe(resource.schema)) body: Input, @CurrentOperator() operator: AuthenticatedOperator) {
      return this.admin.create(resource, body, operator);
    }

    @Put(':id')
    update(@Param('id', IdPipe) id: number, @Body(new ZodPipe(resource.schema.partial())) body: Input, @CurrentOperator() operator: AuthenticatedOperator) {
      return this.admin.update(resource, id, body, operator);
    }

    @Delete(':id')
    remove(@Param('id', IdPipe) id: number, @CurrentOperator() operator: AuthenticatedOperator) {
      return this.admin.remove(resource, id, operator);
    }
  }
  Object.defineProperty(AdminContentController, 'name', { value: `Admin(${resource.name})Controller` });
  return AdminContentController;
}

export const ADMIN_CONTENT_CONTROLLERS = Object.values(CONTENT_RESOURCES).map(adminController);
