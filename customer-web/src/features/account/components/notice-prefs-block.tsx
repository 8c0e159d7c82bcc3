import { Card } from '../../../components/ui/card';
import { Select } from '../../../components/ui/field';
import { NOTICE_CHOICE_LABELS, NOTICE_CHOICES, NOTICE_EVENT_LABELS, NOTICE_EVENTS } from '../../../lib/contracts';
import { saveNotices, useNotices } from '../api/webhook';
import { accountAction } from './guest-guard';

/** Per event: 카카오 알림톡 (SMS when it fails; mail without a phone number), mail, or nothing. */
export function NoticePrefsBlock() {
  const prefs = useNotices();
  return (
    <Card title="알림 받기">
      <p className="muted">휴대전화 번호가 없으면 알림톡 대신 메일로 보내 드립니다.</p>
      {NOTICE_EVENTS.map((event) => (
        <Select
          key={event}
          label={NOTICE_EVENT_LABELS[event]}
          value={prefs?.[event] ?? 'ALIMTALK'}
          data-testid={`notice-${event}`}
          onChange={(e) =>
            accountAction(
              () => saveNotices({ [event]: e.target.value as (typeof NOTICE_CHOICES)[number] }),
              '알림 설정을 저장했습니다.',
            )()
          }
        >
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
