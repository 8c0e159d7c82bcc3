import { useEffect, useRef, useState } from 'react';
import { siKakaotalk } from 'simple-icons';
import { BrandIcon } from '../../components/icons/brand-icon';
import { useSettings } from '../../lib/settings';
import { webLink } from '../../lib/order-rules';

const CONTROL = 'a, button, input, select, textarea, [role="button"], [role="radio"], [role="checkbox"]';
/** Besides controls, what the button must not hide: a table's cells (충전 내역's last column), an error card. */
const KEEP_CLEAR = `${CONTROL}, td, th, [role="alert"], .mass-line`;

/**
 * Whether a control or content to keep clear lies under the floating button's box (checked at its corners and centre).
 * offset* ignore the transform, so the box is where the button sits when not stepped aside.
 */
function coversContent(button: HTMLElement): boolean {
  if (typeof document.elementsFromPoint !== 'function') return false;
  const r = {
    left: button.offsetLeft,
    top: button.offsetTop,
    right: button.offsetLeft + button.offsetWidth,
    bottom: button.offsetTop + button.offsetHeight,
  };
  const points: [number, number][] = [
    [r.left + 2, r.top + 2],
    [r.right - 2, r.top + 2],
    [r.left + 2, r.bottom - 2],
    [r.right - 2, r.bottom - 2],
    [(r.left + r.right) / 2, (r.top + r.bottom) / 2],
  ];
  return points.some(([x, y]) =>
    document
      .elementsFromPoint(x, y)
      .some((el) => !button.contains(el) && el instanceof HTMLElement && el.closest(KEEP_CLEAR) !== null),
  );
}

/**
 * Floating chat-channel button, only when the channel link is set (docs/product.md §2). Where it would cover a control
 * (the 인증번호 발송 button, a login tile on a phone), a table cell or an error it steps aside until the page scrolls
 * on; the page keeps room at its bottom for it (styles.css), so the last of any page can be scrolled clear.
 */
export function ChatButton() {
  const settings = useSettings();
  // An operator's setting, still only ever an http(s) link.
  const link = webLink(settings.text('SITE_KAKAO_CHANNEL_LINK'));
  const ref = useRef<HTMLAnchorElement>(null);
  const [tucked, setTucked] = useState(false);
  useEffect(() => {
    const button = ref.current;
    if (!button) return;
    let frame = 0;
    const check = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setTucked(coversContent(button)));
    };
    check();
    // Layout changes (a form growing, a toast) as well as scrolling may put a control under it.
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [link]);
  if (!link) return null;
  const label = settings.text('SITE_KAKAO_TEXT') || '채팅 상담';
  return (
    <a
      ref={ref}
      className={`chat-button${tucked ? ' chat-button-tucked' : ''}`}
      href={link}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={label}
      title={label}
      data-testid="chat-button"
      data-tucked={tucked}
    >
      <BrandIcon icon={siKakaotalk} size={26} color="#191919" />
      <span>{label}</span>
    </a>
  );
}
