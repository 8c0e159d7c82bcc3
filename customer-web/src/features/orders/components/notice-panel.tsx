import { Card } from '../../../components/ui/card';
import { useNotices } from '../api/get-notices';

/** Pinned notices (with their background colour) first, the others below, in a 120px scroll box. */
export function NoticePanel() {
  const { data = [], isPending } = useNotices();
  const ordered = [...data.filter((n) => n.isTop), ...data.filter((n) => !n.isTop)];
  return (
    <Card title="공지사항" className="notice-card">
      <ul className="notice-list" data-testid="notices">
        {ordered.length === 0 && !isPending ? <li className="notice-empty">등록된 공지사항이 없습니다.</li> : null}
        {ordered.map((n) => (
          <li
            key={n.id}
            className={n.isTop ? 'notice notice-top' : 'notice'}
            style={n.isTop && n.bgColor ? { background: n.bgColor } : undefined}
          >
            {n.isTop ? <span className="notice-pin">공지</span> : null}
            <span className="notice-content">{n.content}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
