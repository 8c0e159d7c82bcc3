import { useEffect, useState } from 'react';
import { usePopups } from '../api/get-popups';
import { closedBeforeStart, hideForToday, isHiddenToday } from '../lib/hidden-popups';

/**
 * Enabled popups, one at a time, as full-screen overlays over the page (docs/product.md §2). index.html paints the first
 * one before the app starts (same markup); this takes over, minding what was closed there.
 */
export function PopupLayer() {
  const { data } = usePopups();
  const [closed, setClosed] = useState<string[]>(closedBeforeStart);
  // A click on the static popup may land between this component's first render and its commit.
  // eslint-disable-next-line react-hooks/set-state-in-effect -- reads what the pre-app markup recorded, once, after commit
  useEffect(() => setClosed((list) => [...new Set([...list, ...closedBeforeStart()])]), []);
  const popup = (data ?? []).find((p) => p.enabled && !closed.includes(String(p.id)) && !isHiddenToday(p.id));
  if (!popup) return null;
  const close = () => setClosed((list) => [...list, String(popup.id)]);
  return (
    <div className="popup-backdrop" onClick={close} data-testid="popup">
      <div
        className="popup"
        role="dialog"
        aria-modal="true"
        aria-label="공지 팝업"
        onClick={(e) => e.stopPropagation()}
      >
        <div className="popup-image">
          <img src={popup.imageUrl} alt="공지 팝업" fetchPriority="high" />
        </div>
        <div className="popup-actions">
          <button
            type="button"
            onClick={() => {
              hideForToday(popup.id);
              close();
            }}
          >
            오늘 하루 보지 않기
          </button>
          <button type="button" onClick={close}>
            닫기
          </button>
        </div>
      </div>
    </div>
  );
}
