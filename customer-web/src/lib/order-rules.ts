/** The zod-free order rules (server/src/contracts/order-rules.ts): messages, limits, exact costs, for the landing page. */
export * from '../../../server/src/contracts/order-rules.js';
export { webLink } from '../../../server/src/contracts/order-links.js';
