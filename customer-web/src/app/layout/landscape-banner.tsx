import { useState } from 'react';

/** At 1280px or less (CSS decides), a dismissible hint to turn the device sideways. */
export function LandscapeBanner() {
  const [closed, setClosed] = useState(false);
  if (closed) return null;
  return (
    <div className="landscape-banner" role="note">
      <span>가로 모드로 보시면 주문 내역을 더 편하게 확인하실 수 있습니다.</span>
      <button type="button" className="icon-button" aria-label="안내 닫기" onClick={() => setClosed(true)}>
        ×
      </button>
    </div>
  );
}
