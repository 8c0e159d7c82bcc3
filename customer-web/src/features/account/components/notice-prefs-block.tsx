import { Card } from '../../../components/ui/card';
import { Select } from '../../../components/ui/field';
import { NOTICE_CHOICE_LABELS, NOTICE_CHOICES, NOTICE_EVENT_LABELS, NOTICE_EVENTS } from '../../../lib/contracts';
import { useSession } from '../../../lib/session';
import { saveNotices, useNoticePrefs } from '../api/webhook';
import { accountAction } from './guest-guard';

const GUEST_PREFS = Object.fromEntries(NOTICE_EVENTS.map((e) => [e, 'ALIMTALK'])) as Record<
  (typeof NOTICE_EVENTS)[number],
  (typeof NOTICE_CHOICES)[number]
>;

/**
 * Per event: 카카오 알림톡 (SMS when it fails; mail without a phone number), mail, or nothing. Until the member's
 * choices arrive the selects say so and are disabled (a default shown meanwhile would read as their choice).
 */
export function NoticePrefsBlock() {
  const saved = useNoticePrefs();
  // A guest (browse-only) has no choices to load: the defaults are shown, and changing one is refused.
  const guest = useSession() === 'guest';
  const prefs = saved ?? (guest ? GUEST_PREFS : undefined);
  return (
    <Card title="알림 받기">
      <p className="muted">휴대전화 번호가 없으면 알림톡 대신 메일로 보내 드립니다.</p>
      {NOTICE_EVENTS.map((event) => (
        <Select
          key={event}
          label={NOTICE_EVENT_LABELS[event]}
          value={prefs?.[event] ?? ''}
          disabled={!prefs}
          data-testid={`notice-${event}`}
          onChange={(e) =>
            accountAction(
              () => saveNotices({ [event]: e.target.value as (typeof NOTICE_CHOICES)[number] }),
              '알림 설정을 저장했습니다.',
            )()
          }
        >
          {prefs ? null : <option value="">불러오는 중...</option>}
          {NOTICE_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {NOTICE_CHOICE_LABELS[choice]}
            </option>
          ))}
        </Select>
      ))}
    </Card>
  );
}
