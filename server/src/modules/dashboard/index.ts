export { DashboardModule } from './dashboard.module.js';
export { DashboardService, type Dashboard, type DayFigures } from './application/dashboard.service.js';
