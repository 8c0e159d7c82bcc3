import { Controller, Get } from '@nestjs/common';
import { CatalogFacade } from '../application/catalog.facade.js';
import { ServiceAverageTimes } from '../application/ports.js';
import type { CategoryView, PlatformView, ServiceView } from '../../../contracts/index.js';

/** docs/product.md §7: the order page's lists, plain arrays with the spec's field names. */
@Controller('service')
export class CatalogController {
  constructor(
    private readonly catalog: CatalogFacade,
    private readonly averageTimes: ServiceAverageTimes,
  ) {}

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

  /** Visible services; `point` is the unit price in won (may have fractions), `averageTime` minutes or null. */
  @Get('services')
  async services(): Promise<ServiceView[]> {
    const [services, minutes] = await Promise.all([this.catalog.listServices(), this.averageTimes.minutesByService()]);
    return services.map(
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
        averageTime: minutes.get(id) ?? null,
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
