import { Controller, Get } from '@nestjs/common';
import { ContentFacade } from '../application/content.facade.js';

/** docs/product.md §7 content calls; public, plain JSON arrays. */
@Controller('service')
export class ContentController {
  constructor(private readonly content: ContentFacade) {}

  /** The sign-up route options, as {id, text}. */
  @Get('register-where')
  async registerWhere() {
    return (await this.content.registerWhereOptions()).map(({ id, text }) => ({ id, text }));
  }

  /** [{id, content, isTop, bgColor, createdAt}], pinned first, then newest first. */
  @Get('notices')
  notices() {
    return this.content.notices();
  }

  /** The FAQ as [{id, title, answer}] in the operator's order. */
  @Get('qnas')
  qnas() {
    return this.content.qnas();
  }

  /** Enabled popups as [{id, enabled, imageUrl}]. */
  @Get('popup')
  popups() {
    return this.content.enabledPopups();
  }

  /** The link guide: {desktopImageUrl, mobileImageUrl}. */
  @Get('guide')
  guide() {
    return this.content.guide();
  }
}
