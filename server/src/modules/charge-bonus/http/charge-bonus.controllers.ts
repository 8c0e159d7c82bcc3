import { Controller, Get } from '@nestjs/common';
import { adminCrudController } from '../../../shared/index.js';
import { CurrentOperator, OperatorGuard } from '../../auth/index.js';
import { ChargeBonusFacade } from '../application/charge-bonus.facade.js';
import { CHARGE_BONUS_TIERS } from '../application/charge-bonus-tiers.js';

/** The charge form's bonus line: the enabled tiers, readable before login like the shop's settings. */
@Controller('service/charge-bonuses')
export class ChargeBonusesController {
  constructor(private readonly bonuses: ChargeBonusFacade) {}

  @Get()
  list() {
    return this.bonuses.publicTiers();
  }
}

/** /api/admin/charge-bonuses (ra-data-simple-rest): who may settle charges sets their bonuses. */
export const AdminChargeBonusesController = adminCrudController(CHARGE_BONUS_TIERS, {
  guard: OperatorGuard,
  actor: CurrentOperator,
  permission: 'charges',
});
