import type { Catalog, OrderFormValues } from './order-form-state';

/** A visitor's order waits here while they log in, and comes back into the form once. */
const KEY = 'order-draft';

export function keepOrderDraft(values: OrderFormValues): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(values));
  } catch {
    // Private mode without storage: the prompt still works, the fields are simply not kept.
  }
}

export function clearOrderDraft(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}

/** The kept order, or null; only when its product is still in the catalogue. Cleared by {@link clearOrderDraft} once used. */
export function peekOrderDraft(catalog: Catalog): OrderFormValues | null {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const draft = JSON.parse(raw) as OrderFormValues;
    const service = catalog.services.find((s) => s.id === draft.serviceId);
    if (!service || service.categoryId !== draft.categoryId) return null;
    return {
      platformId: String(draft.platformId),
      categoryId: Number(draft.categoryId),
      serviceId: Number(draft.serviceId),
      link: typeof draft.link === 'string' ? draft.link : '',
      amount: Number(draft.amount) || service.min,
      auto: draft.auto === true && service.enableAuto,
      runs: Number(draft.runs) || 0,
      interval: Number(draft.interval) || 0,
      comments: typeof draft.comments === 'string' ? draft.comments : '',
    };
  } catch {
    return null;
  }
}
