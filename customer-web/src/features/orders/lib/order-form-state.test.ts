import { EMPTY_ORDER_FORM, nextOrderForm, type Catalog } from './order-form-state';

const service = (id: number, categoryId: number, min: number, enableAuto = true) => ({
  id,
  categoryId,
  min,
  max: 1000,
  point: 2,
  text: `s${id}`,
  notice: '',
  isReadOnly: false,
  enableAuto,
});
const catalog: Catalog = {
  categories: [
    { id: 1, text: '팔로워', platform: 'instagram' },
    { id: 2, text: '좋아요', platform: 'instagram' },
    { id: 3, text: '조회수', platform: 'youtube' },
  ],
  services: [service(10, 1, 10), service(11, 1, 20), service(20, 2, 50), service(30, 3, 100)],
};

describe('order form transitions (docs/product.md §4)', () => {
  const start = nextOrderForm(EMPTY_ORDER_FORM, { type: 'platform', platformId: 'instagram' }, catalog);

  it('changing platform resets to the first category and product, amount at its min', () => {
    expect(start).toMatchObject({ platformId: 'instagram', categoryId: 1, serviceId: 10, amount: 10 });
    const edited = {
      ...start,
      categoryId: 2,
      serviceId: 20,
      amount: 70,
      auto: true,
      runs: 3,
      interval: 60,
      link: 'https://x',
    };
    expect(nextOrderForm(edited, { type: 'platform', platformId: 'youtube' }, catalog)).toEqual({
      platformId: 'youtube',
      categoryId: 3,
      serviceId: 30,
      amount: 100,
      comments: '',
      auto: false,
      runs: 0,
      interval: 0,
      link: 'https://x',
    });
  });

  it('a platform without categories leaves nothing chosen', () => {
    expect(nextOrderForm(start, { type: 'platform', platformId: 'tiktok' }, catalog)).toMatchObject({
      categoryId: 0,
      serviceId: 0,
      amount: 0,
    });
  });

  it('selecting a product resets the auto-order toggle and sets amount to its min', () => {
    const auto = { ...start, auto: true, runs: 5, interval: 90, amount: 500 };
    expect(nextOrderForm(auto, { type: 'service', serviceId: 11 }, catalog)).toMatchObject({
      serviceId: 11,
      amount: 20,
      auto: false,
      runs: 0,
      interval: 0,
    });
  });

  it('changing category picks its first product', () => {
    expect(nextOrderForm(start, { type: 'category', categoryId: 2 }, catalog)).toMatchObject({
      categoryId: 2,
      serviceId: 20,
      amount: 50,
    });
  });

  it('toggling auto-order resets runs and interval to 0', () => {
    const on = nextOrderForm({ ...start, runs: 4, interval: 120 }, { type: 'auto', on: true }, catalog);
    expect(on).toMatchObject({ auto: true, runs: 0, interval: 0 });
    expect(nextOrderForm({ ...on, runs: 4, interval: 120 }, { type: 'auto', on: false }, catalog)).toMatchObject({
      auto: false,
      runs: 0,
      interval: 0,
    });
  });

  it('after an order the link is cleared and the amount goes back to the min', () => {
    expect(
      nextOrderForm(
        { ...start, link: 'https://x', amount: 300, auto: true, runs: 3, interval: 60 },
        { type: 'ordered' },
        catalog,
      ),
    ).toMatchObject({
      link: '',
      amount: 10,
      serviceId: 10,
      auto: true,
      runs: 3,
    });
  });
});
