import { NavLink } from 'react-router-dom';
import { paths } from '../../../config/paths';

/** 주문하기 and 대량 주문 as tabs (the mass-order page itself loads only when its tab is opened). */
export function OrderTabs() {
  const tabs: [string, string][] = [
    [paths.order, '주문하기'],
    [paths.massOrder, '대량 주문'],
  ];
  return (
    <nav className="chips history-tabs" aria-label="주문 방식">
      {tabs.map(([to, label]) => (
        <NavLink key={to} to={to} end className={({ isActive }) => `chip${isActive ? ' chip-on' : ''}`}>
          {label}
        </NavLink>
      ))}
    </nav>
  );
}
