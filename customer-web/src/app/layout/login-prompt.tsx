import { useLocation, useNavigate } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { leaveGuestMode } from '../../lib/auth';
import { useSession } from '../../lib/session';

/** Why the visitor is asked to log in: a member-only menu, or the order they tried to place. */
export type LoginReason = 'member-only' | 'order';

export const LOGIN_PROMPT_TEXT: Record<LoginReason, string> = {
  'member-only': '회원만 이용할 수 있는 메뉴입니다. 로그인 후 이용해 주세요.',
  order: '주문하려면 로그인해 주세요. 입력하신 주문 내용은 로그인 후에도 그대로 남아 있습니다.',
};

/** The navigation state that opens the prompt on the page it lands on (the member guard, the order form). */
export const loginPromptState = (reason: LoginReason) => ({ loginRequired: reason });

/**
 * A visitor or guest who reaches for something only members have is told why and offered
 * login (or sign-up) instead of bouncing back silently. Leaving guest mode first, as the top bar does.
 */
export function LoginPrompt() {
  const location = useLocation();
  const navigate = useNavigate();
  const state = useSession();
  const reason = (location.state as { loginRequired?: LoginReason } | null)?.loginRequired;
  if (!reason || state === 'authorization') return null;
  const close = () => void navigate(location.pathname + location.search, { replace: true, state: null });
  const go = (to: string) => {
    if (state === 'guest') leaveGuestMode();
    void navigate(to);
  };
  return (
    <div className="modal-backdrop" onClick={close}>
      <div
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby="login-prompt-title"
        onClick={(e) => e.stopPropagation()}
      >
        <h2 id="login-prompt-title" className="card-title">
          로그인이 필요합니다
        </h2>
        <p>{LOGIN_PROMPT_TEXT[reason]}</p>
        <div className="button-row modal-actions">
          <Button onClick={() => go(paths.login)}>로그인</Button>
          <Button variant="secondary" onClick={() => go(paths.register)}>
            회원가입
          </Button>
          <Button variant="ghost" onClick={close}>
            닫기
          </Button>
        </div>
      </div>
    </div>
  );
}
