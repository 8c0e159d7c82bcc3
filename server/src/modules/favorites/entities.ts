// The favorites module's table, registered for MikroORM by database/entities.ts; other modules see it only as a type.
import { Favorite } from './domain/favorite.entity.js';

export { Favorite };
export const favoritesEntities = [Favorite];
