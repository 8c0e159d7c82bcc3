import { NavLink } from 'react-router-dom';
import { paths } from '../../../config/paths';

/** The history screens as tabs: orders, auto-orders and subscriptions (자동 좋아요). */
export function HistoryTabs() {
  const tabs: [string, string][] = [
    [paths.orderHistory, '주문내역'],
    [paths.autoOrderHistory, '자동주문 내역'],
    [paths.subscriptionHistory, '구독 내역'],
  ];
  return (
    <nav className="chips history-tabs" aria-label="내역 종류">
      {tabs.map(([to, label]) => (
        <NavLink key={to} to={to} className={({ isActive }) => `chip${isActive ? ' chip-on' : ''}`}>
          {label}
        </NavLink>
      ))}
    </nav>
  );
}
