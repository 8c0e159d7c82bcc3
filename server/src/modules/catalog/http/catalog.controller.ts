import { Controller, Get } from '@nestjs/common';
import { CatalogFacade } from '../application/catalog.facade.js';
import type { CategoryView, PlatformView, ServiceView } from '../../../contracts/index.js';

/** docs/product.md §7: the order page's lists, plain arrays with the spec's field names. */
@Controller('service')
export class CatalogController {
  constructor(private readonly catalog: CatalogFacade) {}

  @Get('platforms')
  async platforms(): Promise<PlatformView[]> {
    return (await this.catalog.listPlatforms()).map(({ id, text, visible, bgColor }) => ({
      id,
      text,
      visible,
      bgColor,
    }));
  }

  /** Spelled so in the spec. */
  @Get('categorys')
  async categories(): Promise<CategoryView[]> {
    return (await this.catalog.listCategories()).map(({ id, platform, text }) => ({ id, platform, text }));
  }

  /** Visible services; `point` is the unit price in won (may have fractions). */
  @Get('services')
  async services(): Promise<ServiceView[]> {
    return (await this.catalog.listServices()).map(
      ({
        id,
        text,
        point,
        min,
        max,
        notice,
        categoryId,
        isReadOnly,
        enableAuto,
        type,
        refill,
        refillDays,
        cancel,
      }) => ({
        id,
        text,
        point: Number(point),
        min,
        max,
        notice,
        categoryId,
        isReadOnly,
        enableAuto,
        type,
        refill,
        refillDays,
        cancel,
      }),
    );
  }
}
