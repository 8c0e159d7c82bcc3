import { useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { browseAsGuest, leaveGuestMode, useProfile } from '../../lib/auth';
import { useBrand } from '../../lib/brand';
import { won } from '../../lib/format';
import { useSession } from '../../lib/session';
import { useSettings } from '../../lib/settings';
import { toggleDarkMode, useDarkMode } from '../../lib/theme';

function DarkModeToggle() {
  const dark = useDarkMode();
  return (
    <button
      type="button"
      className="icon-button"
      aria-label="다크 모드"
      aria-pressed={dark}
      title={dark ? '라이트 모드로 보기' : '다크 모드로 보기'}
      onClick={toggleDarkMode}
    >
      {dark ? (
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            fill="currentColor"
            d="M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10Zm0-5 1.5 3h-3L12 2Zm0 20-1.5-3h3L12 22ZM2 12l3-1.5v3L2 12Zm20 0-3 1.5v-3l3 1.5ZM4.9 4.9l3.2 1-2.1 2.1-1.1-3.1Zm14.2 14.2-3.2-1 2.1-2.1 1.1 3.1Zm0-14.2-1 3.2-2.1-2.1 3.1-1.1ZM4.9 19.1l1-3.2 2.1 2.1-3.1 1.1Z"
          />
        </svg>
      ) : (
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path fill="currentColor" d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8Z" />
        </svg>
      )}
    </button>
  );
}

/** The links and account actions; the wide bar and the narrow dropdown show the same items. */
function Items({ onNavigate }: { onNavigate?: () => void }) {
  const state = useSession();
  const profile = useProfile();
  const settings = useSettings();
  const navigate = useNavigate();
  const links: [string, string][] = [
    [paths.order, '주문하기'],
    [paths.orderHistory, '주문내역'],
    [paths.autoOrderHistory, '자동주문 내역'],
    [paths.point, '잔액충전'],
    [paths.guide, '링크 입력 가이드'],
  ];
  if (settings.flag('ENABLE_QNA')) links.push([paths.qna, '자주묻는질문']);
  links.push([paths.support, '1:1 문의']);
  links.push([paths.serviceChanges, '서비스 변경 안내']);
  const go = (to: string, before?: () => void) => {
    before?.();
    onNavigate?.();
    void navigate(to);
  };
  const member = state === 'authorization';
  return (
    <>
      {member || state === 'guest' ? (
        <ul className="nav-links">
          {links.map(([to, label]) => (
            <li key={to}>
              <NavLink to={to} onClick={onNavigate}>
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="nav-actions">
        {member ? (
          <>
            <Link to={paths.point} className="balance" onClick={onNavigate} aria-label="잔액 충전하기">
              <span data-testid="balance">{won(profile?.point ?? 0)}</span>
              <span className="badge">충전</span>
            </Link>
            <NavLink to={paths.account} onClick={onNavigate}>
              계정 설정
            </NavLink>
            <NavLink to={paths.logout} onClick={onNavigate}>
              로그아웃
            </NavLink>
          </>
        ) : (
          <>
            <button
              type="button"
              className="link-button"
              onClick={() => go(paths.login, state === 'guest' ? leaveGuestMode : undefined)}
            >
              로그인
            </button>
            <button
              type="button"
              className="link-button"
              onClick={() => go(paths.register, state === 'guest' ? leaveGuestMode : undefined)}
            >
              회원가입
            </button>
            {state === 'guest' ? null : (
              <button type="button" className="link-button" onClick={() => go(paths.order, browseAsGuest)}>
                둘러보기
              </button>
            )}
          </>
        )}
      </div>
    </>
  );
}

/** The shop's logo image (SITE_LOGO_URL) or its lettered mark, and its name (SITE_NAME). */
function Logo() {
  const { name, logoUrl } = useBrand();
  return (
    <>
      {logoUrl ? (
        <img className="logo-image" src={logoUrl} alt="" data-testid="logo-image" />
      ) : (
        <span className="logo-mark" data-testid="logo-mark">
          {name.charAt(0).toUpperCase()}
        </span>
      )}
      <span className="logo-text" data-testid="logo-text">
        {name}
      </span>
    </>
  );
}

/** Fixed 60px bar (docs/product.md §2); at 1280px and below its items move into a dropdown that closes on route change. */
export function TopBar() {
  const state = useSession();
  const { pathname } = useLocation();
  // The page the menu was opened on: moving to another page closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const home = state === 'authorization' || state === 'guest' ? paths.order : paths.home;
  return (
    <header className="topbar">
      <div className="topbar-inner">
        <Link to={home} className="logo" aria-label="홈">
          <Logo />
        </Link>
        <nav className="topbar-wide" aria-label="주 메뉴">
          <Items />
        </nav>
        <div className="topbar-end">
          <DarkModeToggle />
          <button
            type="button"
            className="icon-button menu-button"
            aria-label="메뉴"
            aria-expanded={open}
            onClick={() => setOpenOn(open ? null : pathname)}
          >
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path
                fill="currentColor"
                d={
                  open
                    ? 'M6.4 5 5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6L19 6.4 17.6 5 12 10.6 6.4 5Z'
                    : 'M3 6h18v2H3V6Zm0 5h18v2H3v-2Zm0 5h18v2H3v-2Z'
                }
              />
            </svg>
          </button>
        </div>
      </div>
      {open ? (
        <nav className="topbar-dropdown" aria-label="메뉴 목록">
          <Items onNavigate={() => setOpenOn(null)} />
        </nav>
      ) : null}
    </header>
  );
}
