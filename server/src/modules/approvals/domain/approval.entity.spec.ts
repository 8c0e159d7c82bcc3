import { Approval } from './approval.entity.js';

const asker = { id: 1, loginId: 'owner' };
const other = { id: 2, loginId: 'accountant' };
const held = () =>
  new Approval(
    { kind: 'points.adjust', targetId: 7, amount: 150_000n, payload: { amount: '150000' }, reason: '보상' },
    asker,
    new Date('2026-11-26T00:00:00Z'),
  );

describe('Approval', () => {
  it('is decided by a second operator, once', () => {
    const approval = held();
    approval.decide('APPROVED', other, new Date('2026-11-26T00:01:00Z'), { entry: 1 });
    expect(approval).toMatchObject({ status: 'APPROVED', decidedById: 2, decidedByLoginId: 'accountant' });
    expect(() => approval.decide('REJECTED', other, new Date())).toThrow('이미 승인된 요청입니다.');
  });

  it('is never decided by the operator who asked', () => {
    const approval = held();
    expect(() => approval.decide('APPROVED', asker, new Date())).toThrow(/본인이 요청한 건/);
    expect(() => approval.decide('REJECTED', asker, new Date())).toThrow(/본인이 요청한 건/);
    expect(approval.status).toBe('PENDING');
  });
});
