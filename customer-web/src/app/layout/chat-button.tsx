import { siKakaotalk } from 'simple-icons';
import { BrandIcon } from '../../components/icons/brand-icon';
import { useSettings } from '../../lib/settings';

/** Floating chat-channel button, only when the channel link is set (spec §2). */
export function ChatButton() {
  const settings = useSettings();
  const link = settings.text('SITE_KAKAO_CHANNEL_LINK');
  if (!link) return null;
  const label = settings.text('SITE_KAKAO_TEXT') || '채팅 상담';
  return (
    <a className="chat-button" href={link} target="_blank" rel="noopener noreferrer" aria-label={label} title={label} data-testid="chat-button">
      <BrandIcon icon={siKakaotalk} size={26} color="#191919" />
      <span>{label}</span>
    </a>
  );
}
