import { FunctionField, Link, useCreatePath } from 'react-admin';

const TOSS_METHODS: Record<string, string> = {
  CARD: '카드·간편결제',
  TRANSFER: '계좌이체',
  VIRTUAL_ACCOUNT: '가상계좌',
};

/** 무통장 입금 or the Toss method, a link to the charge's page (its payment, its refund). */
export const MethodField = ({ source }: { source: string; label?: string }) => {
  const createPath = useCreatePath();
  return (
    <FunctionField
      source={source}
      render={(r) => (
        <Link to={createPath({ resource: 'charges', id: r.id, type: 'show' })} data-testid={`charge-method-${r.id}`}>
          {r.method === 'TOSS' ? `토스 ${TOSS_METHODS[r.tossMethod as string] ?? ''}` : '무통장 입금'}
        </Link>
      )}
    />
  );
};
