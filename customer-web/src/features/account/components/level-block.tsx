import { Card } from '../../../components/ui/card';
import type { MemberLevelView } from '../../../lib/contracts';
import { won } from '../../../lib/format';

/** 회원 등급: the member's level and discount, and what is left to the next level (or that there are no levels). */
export function LevelBlock({ level }: { level: MemberLevelView | undefined }) {
  if (!level) return null;
  // No level at all and none to reach: the shop runs no level programme (not "the top level").
  if (!level.name && !level.next)
    return (
      <Card title="회원 등급">
        <p className="muted">지금은 회원 등급 제도를 운영하지 않습니다.</p>
        <dl className="facts">
          <dt>누적 충전</dt>
          <dd>{won(level.charged)}</dd>
        </dl>
      </Card>
    );
  return (
    <Card title="회원 등급">
      <dl className="facts">
        <dt>현재 등급</dt>
        <dd>
          {level.name ?? '일반'}
          {level.name ? ` (${level.discountPercent}% 할인)` : ''}
        </dd>
        <dt>누적 충전</dt>
        <dd>{won(level.charged)}</dd>
        <dt>다음 등급</dt>
        <dd>
          {level.next
            ? `${level.next.name} (${level.next.discountPercent}% 할인)까지 ${won(level.next.remaining)} 남음`
            : '최고 등급입니다.'}
        </dd>
      </dl>
    </Card>
  );
}
