/**
 * Each service's 평균 완료 시간 (whole minutes; absent: not enough data). Ordering computes it from its orders
 * and app.module.ts binds it here: ordering imports the catalogue, so the catalogue cannot import ordering.
 */
export abstract class ServiceAverageTimes {
  abstract minutesByService(): Promise<ReadonlyMap<number, number>>;
}
