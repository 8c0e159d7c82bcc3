import { Module } from '@nestjs/common';
import { ContentFacade } from './application/content.facade.js';
import { ContentController } from './http/content.controller.js';

@Module({
  controllers: [ContentController],
  providers: [ContentFacade],
  exports: [ContentFacade],
})
export class ContentModule {}
