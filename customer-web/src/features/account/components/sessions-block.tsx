import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { paths } from '../../../config/paths';
import { refusalMessage } from '../../../lib/api-client';
import { MESSAGES } from '../../../lib/contracts';
import { formatDateTime } from '../../../lib/format';
import { loading } from '../../../lib/loading';
import { endSession, logOutEverywhere, refreshSessions, useSessions, type DeviceSession } from '../api/sessions';
import { unlessGuest } from './guest-guard';

/** The member's logged-in devices (/account), cards on a phone: end one, or log out everywhere. */
export function SessionsBlock() {
  const navigate = useNavigate();
  const { data, isLoading } = useSessions();

  const end = (id: number) =>
    unlessGuest(async () => {
      try {
        await loading.during(endSession(id));
        toast.success('세션을 종료했습니다.');
        await refreshSessions();
      } catch (error) {
        toast.error(refusalMessage(error, MESSAGES.error));
      }
    });

  const everywhere = () =>
    unlessGuest(async () => {
      try {
        await loading.during(logOutEverywhere());
        toast.success('모든 기기에서 로그아웃되었습니다.');
        void navigate(paths.logout);
      } catch (error) {
        toast.error(refusalMessage(error, MESSAGES.error));
      }
    });

  const columns: Column<DeviceSession>[] = [
    {
      header: '기기',
      cell: (s) => (
        // The summary ("Chrome · Windows"); the raw user agent only as the title.
        <span className="ellipsis session-device" title={s.userAgent ?? s.device} data-testid="session-device">
          {s.current ? '(현재 기기) ' : ''}
          {s.device || '알 수 없음'}
        </span>
      ),
    },
    { header: 'IP', cell: (s) => s.ip, className: 'nowrap' },
    { header: '로그인', cell: (s) => formatDateTime(s.createdAt), className: 'nowrap' },
    { header: '최근 사용', cell: (s) => formatDateTime(s.lastSeenAt), className: 'nowrap' },
    {
      header: '',
      cell: (s) =>
        s.current ? null : (
          <Button variant="secondary" className="nowrap" onClick={() => end(s.id)} aria-label={`세션 ${s.id} 종료`}>
            종료
          </Button>
        ),
    },
  ];

  return (
    <Card
      title="로그인된 기기"
      actions={
        <Button variant="secondary" onClick={everywhere}>
          모든 기기에서 로그아웃
        </Button>
      }
    >
      <div data-testid="sessions">
        <DataTable
          cards
          columns={columns}
          rows={data ?? []}
          rowKey={(s) => s.id}
          loading={isLoading}
          empty="로그인된 기기가 없습니다."
        />
      </div>
    </Card>
  );
}
