import { Controller, Get } from '@nestjs/common';
import { ContentFacade } from '../application/content.facade.js';

@Controller('service')
export class ContentController {
  constructor(private readonly content: ContentFacade) {}

  /** Spec §7: the sign-up route options, as {id, text}. */
  @Get('register-where')
  async registerWhere() {
    return (await this.content.registerWhereOptions()).map(({ id, text }) => ({ id, text }));
  }
}
