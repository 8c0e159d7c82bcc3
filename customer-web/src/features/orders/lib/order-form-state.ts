import type { Category } from '../api/get-categories';
import type { Service } from '../api/get-services';

/** Everything the 5-step order form holds. 0 means "none chosen" for the ids. */
export interface OrderFormValues {
  platformId: string;
  categoryId: number;
  serviceId: number;
  link: string;
  amount: number;
  /** Custom Comments: one comment per line. */
  comments: string;
  auto: boolean;
  runs: number;
  interval: number;
}

export interface Catalog {
  categories: readonly Category[];
  services: readonly Service[];
}

export type OrderFormEvent =
  | { type: 'platform'; platformId: string }
  | { type: 'category'; categoryId: number }
  | { type: 'service'; serviceId: number }
  /** A service found by search or among favourites: its platform and category come with it. */
  | { type: 'pick'; serviceId: number }
  | { type: 'auto'; on: boolean }
  | { type: 'ordered' };

export const EMPTY_ORDER_FORM: OrderFormValues = {
  platformId: '',
  categoryId: 0,
  serviceId: 0,
  link: '',
  amount: 0,
  comments: '',
  auto: false,
  runs: 0,
  interval: 0,
};

export const categoriesOf = (catalog: Catalog, platformId: string) =>
  catalog.categories.filter((c) => c.platform === platformId);
export const servicesOf = (catalog: Catalog, categoryId: number) =>
  catalog.services.filter((s) => s.categoryId === categoryId);
export const serviceOf = (catalog: Catalog, serviceId: number) => catalog.services.find((s) => s.id === serviceId);

/** Selecting a product resets the auto-order toggle (so runs and interval) and sets amount to its min. */
const withService = (values: OrderFormValues, service: Service | undefined): OrderFormValues => ({
  ...values,
  serviceId: service?.id ?? 0,
  auto: false,
  runs: 0,
  interval: 0,
  amount: service?.min ?? 0,
  comments: '',
});

/** The order form's transitions (docs/product.md §4 "Order form"). */
export function nextOrderForm(values: OrderFormValues, event: OrderFormEvent, catalog: Catalog): OrderFormValues {
  switch (event.type) {
    case 'platform': {
      // Changing platform resets the lists to the first category and its first product.
      const category = categoriesOf(catalog, event.platformId)[0];
      return withService(
        { ...values, platformId: event.platformId, categoryId: category?.id ?? 0 },
        category ? servicesOf(catalog, category.id)[0] : undefined,
      );
    }
    case 'category':
      return withService({ ...values, categoryId: event.categoryId }, servicesOf(catalog, event.categoryId)[0]);
    case 'service':
      return withService(values, serviceOf(catalog, event.serviceId));
    case 'pick': {
      const service = serviceOf(catalog, event.serviceId);
      const category = catalog.categories.find((c) => c.id === service?.categoryId);
      if (!service || !category) return values;
      return withService({ ...values, platformId: category.platform, categoryId: category.id }, service);
    }
    case 'auto':
      return { ...values, auto: event.on, runs: 0, interval: 0 };
    case 'ordered':
      // After success: link cleared, amount back to the product's min.
      return { ...values, link: '', amount: serviceOf(catalog, values.serviceId)?.min ?? 0, comments: '' };
  }
}
