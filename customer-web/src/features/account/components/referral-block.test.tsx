import { screen } from '@testing-library/react';
import { renderRoutes, stubFetch } from '../../../testing/render';
import { ReferralBlock } from './referral-block';

describe('the referral block', () => {
  it('shows the code, how many joined with it and the points earned (GET /service/referral)', async () => {
    const calls = stubFetch({
      'GET /service/referral': { body: { code: 'ABCD2345', joined: 2, earned: 1299, rate: 3 } },
    });
    renderRoutes([{ path: '/account', element: <ReferralBlock code="ABCD2345" /> }], {
      path: '/account',
      state: 'authorization',
    });
    expect(screen.getByText('ABCD2345')).toBeInTheDocument();
    expect(await screen.findByText('2명')).toBeInTheDocument();
    expect(screen.getByText('1,299원')).toBeInTheDocument();
    expect(screen.getByText('추천 회원 충전 금액의 3%')).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('GET /service/referral');
  });

  it('asks nothing before a code exists', () => {
    const calls = stubFetch({});
    renderRoutes([{ path: '/account', element: <ReferralBlock code={null} /> }], {
      path: '/account',
      state: 'authorization',
    });
    expect(screen.getByRole('button', { name: '추천인 코드 발급' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/service/referral')).toEqual([]);
  });
});
