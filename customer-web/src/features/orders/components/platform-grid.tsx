import { BrandIcon } from '../../../components/icons/brand-icon';
import type { Platform } from '../api/get-platforms';
import { platformIcon } from './platform-icons';

/** The platform picker: one tile per visible platform, with its brand mark. */
export function PlatformGrid({
  platforms,
  value,
  onChange,
}: {
  platforms: readonly Platform[];
  value: string;
  onChange: (id: string) => void;
}) {
  return (
    <div className="platform-grid" role="radiogroup" aria-label="플랫폼 선택">
      {platforms.map((p) => {
        const icon = platformIcon(p.id);
        return (
          <button
            key={p.id}
            type="button"
            role="radio"
            aria-checked={p.id === value}
            className={`platform${p.id === value ? ' platform-on' : ''}`}
            onClick={() => onChange(p.id)}
          >
            <span className="platform-icon" style={{ background: p.bgColor || `#${icon.hex}` }}>
              <BrandIcon icon={icon} size={22} color="#fff" />
            </span>
            <span className="platform-text">{p.text}</span>
          </button>
        );
      })}
    </div>
  );
}
