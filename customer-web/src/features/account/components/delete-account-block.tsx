import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { refusalMessage } from '../../../lib/api-client';
import { IDENTITY_MESSAGES } from '../../../lib/contracts';
import { becomeGuest } from '../../../lib/auth';
import { loading } from '../../../lib/loading';
import { STOREFRONT_MESSAGES } from '../../../lib/messages';
import { deleteAccount } from '../api/delete-account';
import { unlessGuest } from './guest-guard';

/** Two clicks: the first asks, the second deletes (docs/product.md §4). */
export function DeleteAccountBlock() {
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const click = () =>
    unlessGuest(async () => {
      if (!asking) return setAsking(true);
      try {
        await loading.during(deleteAccount());
        toast.success(IDENTITY_MESSAGES.withdrawn);
        becomeGuest();
        void navigate(paths.home);
      } catch (error) {
        toast.error(refusalMessage(error, STOREFRONT_MESSAGES.withdrawFailed));
      }
    });
  return (
    <Card title="회원 탈퇴" className="danger-card">
      <ul className="notes">
        <li>탈퇴하면 보유하신 포인트가 모두 소멸됩니다.</li>
        <li>탈퇴 후에는 서비스를 이용하실 수 없습니다.</li>
        <li>탈퇴한 계정은 복구할 수 없습니다.</li>
        <li>탈퇴는 신청 즉시 처리됩니다.</li>
      </ul>
      <Button variant="danger" onClick={click}>
        {asking ? '정말 탈퇴하시겠습니까?' : '회원 탈퇴'}
      </Button>
    </Card>
  );
}
