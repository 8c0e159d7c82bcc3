import { scaledPrice, type ServiceChangeKind } from '../../../contracts/index.js';

/** What members see of a service: whether it is listed and its unit price. */
export interface ListedState {
  visible: boolean;
  point: string;
}

export interface ChangeFound {
  kind: ServiceChangeKind;
  oldPoint: string | null;
  newPoint: string | null;
}

const samePrice = (a: string, b: string) => scaledPrice(a) === scaledPrice(b);

/**
 * What a write of a service tells members (null before: added; null after: removed). A hidden service's price
 * is nobody's news; a service coming back says its price, and its old one when that moved while it was away.
 */
export function serviceChangesOf(before: ListedState | null, after: ListedState | null): ChangeFound[] {
  if (before === null) return after?.visible ? [{ kind: 'ADDED', oldPoint: null, newPoint: after.point }] : [];
  if (after === null) return [{ kind: 'REMOVED', oldPoint: before.point, newPoint: null }];
  if (before.visible && !after.visible) return [{ kind: 'PAUSED', oldPoint: before.point, newPoint: null }];
  if (!before.visible && after.visible) return [{ kind: 'RESUMED', oldPoint: before.point, newPoint: after.point }];
  if (!after.visible || samePrice(before.point, after.point)) return [];
  const up = scaledPrice(after.point) > scaledPrice(before.point);
  return [{ kind: up ? 'PRICE_UP' : 'PRICE_DOWN', oldPoint: before.point, newPoint: after.point }];
}
