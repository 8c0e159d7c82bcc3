/** The zod-free subscription rules (server/src/contracts/subscription.ts), for the order form on the landing page. */
export * from '../../../server/src/contracts/subscription.js';
