import { Controller, Get } from '@nestjs/common';
import { SettingsService } from '../application/settings.service.js';

@Controller('service/settings')
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  /** docs/product.md §7: a list of {key, value}; missing values read as empty string or false. */
  @Get()
  async list(): Promise<{ key: string; value: unknown }[]> {
    return this.settings.publicList();
  }
}
