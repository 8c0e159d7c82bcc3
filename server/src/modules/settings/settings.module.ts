import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/index.js';
import { SettingsService } from './application/settings.service.js';
import { AdminSettingsController } from './http/admin-settings.controller.js';
import { SettingsController } from './http/settings.controller.js';
import { AdminMaintenanceController, MaintenanceController } from './http/maintenance.controller.js';

@Module({
  imports: [AuditModule],
  controllers: [SettingsController, AdminSettingsController, MaintenanceController, AdminMaintenanceController],
  providers: [SettingsService],
  exports: [SettingsService],
})
export class SettingsModule {}
