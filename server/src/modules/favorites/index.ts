export { FavoritesModule } from './favorites.module.js';
export type { Favorite } from './domain/favorite.entity.js';
