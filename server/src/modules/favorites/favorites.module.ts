import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/index.js';
import { Favorites } from './application/favorites.service.js';
import { FavoritesController } from './http/favorites.controller.js';

@Module({
  imports: [CatalogModule],
  controllers: [FavoritesController],
  providers: [Favorites],
})
export class FavoritesModule {}
