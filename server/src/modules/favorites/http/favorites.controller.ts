import { Controller, Delete, Get, Param, Put, UseGuards } from '@nestjs/common';
import { CurrentMember, MemberGuard, type AuthenticatedMember } from '../../auth/index.js';
import { SERVICE_SPEED_MESSAGES } from '../../../contracts/index.js';
import { idPipe } from '../../../shared/index.js';
import { Favorites } from '../application/favorites.service.js';

const ServiceIdPipe = idPipe({ message: SERVICE_SPEED_MESSAGES.favoriteId });

/** 즐겨찾기 on the order form's service picker: each answer is the member's favourite service ids. */
@Controller('service/favorites')
@UseGuards(MemberGuard)
export class FavoritesController {
  constructor(private readonly favorites: Favorites) {}

  @Get()
  list(@CurrentMember() member: AuthenticatedMember): Promise<number[]> {
    return this.favorites.list(member.id);
  }

  @Put(':serviceId')
  add(
    @CurrentMember() member: AuthenticatedMember,
    @Param('serviceId', ServiceIdPipe) serviceId: number,
  ): Promise<number[]> {
    return this.favorites.add(member.id, serviceId);
  }

  @Delete(':serviceId')
  remove(
    @CurrentMember() member: AuthenticatedMember,
    @Param('serviceId', ServiceIdPipe) serviceId: number,
  ): Promise<number[]> {
    return this.favorites.remove(member.id, serviceId);
  }
}
