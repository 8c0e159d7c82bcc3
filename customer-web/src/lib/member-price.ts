/** The zod-free member price rule (server/src/contracts/member-price.ts): custom rate > level discount > list price. */
export * from '../../../server/src/contracts/member-price.js';
