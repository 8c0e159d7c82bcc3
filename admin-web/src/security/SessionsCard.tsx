import { useCallback, useEffect, useState } from 'react';
import { useLogout, useNotify } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { SessionRow } from '../../../server/src/contracts/account.js';
import { DateTimeField } from '../common/fields';
import { authCall } from '../common/secondFactorApi';

/**
 * The browser's own words (`userAgent`), small under the summary ("Chrome · Windows"): for telling two
 * alike devices apart. Servers that send only `device` show just that.
 */
const rawAgent = (s: SessionRow & { userAgent?: string | null }) =>
  s.userAgent && s.userAgent !== s.device ? s.userAgent : null;

/** 로그인된 기기: the operator's own sessions; end another one, or every one (this too, then back to the login). */
export const SessionsCard = () => {
  const notify = useNotify();
  const logout = useLogout();
  const [sessions, setSessions] = useState<SessionRow[] | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    () => authCall<SessionRow[]>('sessions').then(setSessions, (e: Error) => notify(e.message, { type: 'error' })),
    [notify],
  );
  useEffect(() => void load(), [load]);

  const run = async (work: () => Promise<{ message: string }>, after: () => Promise<unknown>) => {
    setBusy(true);
    try {
      notify((await work()).message, { type: 'success' });
      await after();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card sx={{ mt: 2, maxWidth: 560 }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Typography variant="h6">로그인된 기기</Typography>
        <Box component="ul" data-testid="sessions" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {sessions?.length === 0 && <Typography color="text.secondary">로그인된 기기가 없습니다.</Typography>}
          {sessions?.map((s) => (
            <Box
              component="li"
              key={s.id}
              data-testid="session"
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                gap: 1,
                py: 1,
                borderBottom: 1,
                borderColor: 'divider',
              }}
            >
              <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
                <Typography sx={{ overflowWrap: 'anywhere' }}>
                  {s.current && <Chip label="현재 기기" color="primary" size="small" sx={{ mr: 1 }} />}
                  {s.device || '알 수 없는 기기'}
                </Typography>
                {rawAgent(s) ? (
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    component="p"
                    data-testid="session-agent"
                    sx={{ overflowWrap: 'anywhere' }}
                  >
                    {rawAgent(s)}
                  </Typography>
                ) : null}
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  주소 {s.ip}
                </Typography>
                <Typography variant="body2" color="text.secondary" component="div">
                  로그인 <DateTimeField record={s} source="createdAt" />
                </Typography>
                <Typography variant="body2" color="text.secondary" component="div">
                  최근 사용 <DateTimeField record={s} source="lastSeenAt" />
                </Typography>
              </Box>
              {!s.current && (
                <Button
                  variant="outlined"
                  size="small"
                  disabled={busy}
                  aria-label={`세션 ${s.id} 로그아웃`}
                  onClick={() =>
                    void run(() => authCall<{ message: string }>(`sessions/${s.id}`, undefined, 'DELETE'), load)
                  }
                >
                  로그아웃
                </Button>
              )}
            </Box>
          ))}
        </Box>
        <Button
          variant="outlined"
          color="error"
          disabled={busy}
          onClick={() =>
            void run(
              () => authCall<{ message: string }>('logout-all', {}),
              () => logout(),
            )
          }
        >
          모든 기기에서 로그아웃
        </Button>
      </CardContent>
    </Card>
  );
};
