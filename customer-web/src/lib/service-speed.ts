/** The zod-free 평균 완료 시간 and 즐겨찾기 words (server/src/contracts/service-speed.ts), for the landing page. */
export * from '../../../server/src/contracts/service-speed.js';
