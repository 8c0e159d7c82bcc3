export { ResellerApiModule } from './reseller-api.module.js';
