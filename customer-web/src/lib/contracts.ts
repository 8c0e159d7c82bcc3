/** The zod schemas and Korean messages shared with the server (server/src/contracts). */
export * from '../../../server/src/contracts/index.js';
