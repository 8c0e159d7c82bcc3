import { Body, Controller, Delete, Get, Param, Post, Put, Query, UseGuards } from '@nestjs/common';
import { CurrentOperator, OperatorGuard, type AuthenticatedOperator } from '../../identity/index.js';
import { parseListQuery } from '../../../shared/index.js';
import { CatalogAdmin, type CrudResource } from '../application/catalog-admin.service.js';

/** ra-data-simple-rest routes over one catalogue resource; the subclasses bind the path and the resource. */
abstract class AdminCrudController {
  protected abstract readonly crud: CrudResource<any, any>;

  @Get()
  list(@Query() query: unknown) {
    return this.crud.list(parseListQuery(query));
  }

  @Get(':id')
  getOne(@Param('id') id: string) {
    return this.crud.getOne(id);
  }

  @Post()
  create(@Body() body: unknown, @CurrentOperator() operator: AuthenticatedOperator) {
    return this.crud.create(body, operator);
  }

  @Put(':id')
  update(@Param('id') id: string, @Body() body: unknown, @CurrentOperator() operator: AuthenticatedOperator) {
    return this.crud.update(id, body, operator);
  }

  @Delete(':id')
  remove(@Param('id') id: string, @CurrentOperator() operator: AuthenticatedOperator) {
    return this.crud.delete(id, operator);
  }
}

@Controller('admin/platforms')
@UseGuards(OperatorGuard)
export class AdminPlatformsController extends AdminCrudController {
  protected readonly crud;
  constructor(admin: CatalogAdmin) {
    super();
    this.crud = admin.platforms;
  }
}

@Controller('admin/categories')
@UseGuards(OperatorGuard)
export class AdminCategoriesController extends AdminCrudController {
  protected readonly crud;
  constructor(admin: CatalogAdmin) {
    super();
    this.crud = admin.categories;
  }
}

@Controller('admin/services')
@UseGuards(OperatorGuard)
export class AdminServicesController extends AdminCrudController {
  protected readonly crud;
  constructor(admin: CatalogAdmin) {
    super();
    this.crud = admin.services;
  }
}
