/** The zod-free order rules of the shared contracts, for the landing page (the schemas are in ./contracts). */
export * from '../../../server/src/contracts/order-rules.js';
