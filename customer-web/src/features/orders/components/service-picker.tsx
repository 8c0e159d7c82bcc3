import { useMemo, useState, type InputHTMLAttributes } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { Select } from '../../../components/ui/field';
import { ORDER_MESSAGES } from '../../../lib/order-rules';
import { useFavorites } from '../api/favorites';
import type { Service } from '../api/get-services';
import { servicesOf, type Catalog } from '../lib/order-form-state';
import { FavoriteStar } from './favorite-star';
import './service-picker.css';

/** At most this many search results are drawn (a phone shows a few at a time anyway). */
const MAX_RESULTS = 30;

export interface ServicePickerProps {
  catalog: Catalog;
  categoryId: number;
  serviceId: number;
  /** How a service is named (with its number when the shop shows numbers). */
  label: (text: string, id: number) => string;
  disabled: boolean;
  error?: string;
  /** A service of the chosen category. */
  onChange: (serviceId: number) => void;
  /** A service from anywhere in the catalogue (search, favourites): its platform and category come along. */
  onPick: (serviceId: number) => void;
}

/** Spacing and case do not matter; full-width forms read as their plain ones. */
const folded = (text: string) => text.normalize('NFKC').toLowerCase().replace(/\s+/g, '');

/** Services whose name holds the words, or whose number starts with the digits typed; exact numbers first. */
export function searchServices(services: readonly Service[], query: string): Service[] {
  const q = folded(query).replace(/^#/, '');
  if (!q) return [];
  const digits = /^\d+$/.test(q);
  const hits = services.filter((s) => folded(s.text).includes(q) || (digits && String(s.id).startsWith(q)));
  return digits ? [...hits].sort((a, b) => Number(String(b.id) === q) - Number(String(a.id) === q)) : hits;
}

/** The search box of the picker and the services list (a phone shows its search key). */
export function ServiceSearch({
  value,
  onChange,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> & { value: string; onChange: (value: string) => void }) {
  return (
    <input
      type="search"
      className="input picker-search"
      aria-label="서비스 검색"
      placeholder="상품명 또는 상품 번호로 검색"
      enterKeyHint="search"
      autoComplete="off"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      {...props}
    />
  );
}

/** The order form's step 2: search, favourites first and starred, and the category's services. */
export function ServicePicker({
  catalog,
  categoryId,
  serviceId,
  label,
  disabled,
  error,
  onChange,
  onPick,
}: ServicePickerProps) {
  const [query, setQuery] = useState('');
  const { ids } = useFavorites();
  const favorite = useMemo(() => new Set(ids), [ids]);
  const orderable = useMemo(() => {
    const known = new Set(catalog.categories.map((c) => c.id));
    return catalog.services.filter((s) => known.has(s.categoryId));
  }, [catalog]);
  const favorites = useMemo(() => ids.flatMap((id) => orderable.filter((s) => s.id === id)), [ids, orderable]);
  const inCategory = servicesOf(catalog, categoryId);
  // Favourites first, each group in the catalogue's order.
  const listed = [...inCategory.filter((s) => favorite.has(s.id)), ...inCategory.filter((s) => !favorite.has(s.id))];
  const results = useMemo(() => searchServices(orderable, query).slice(0, MAX_RESULTS), [orderable, query]);
  const starred = (s: Service) => (favorite.has(s.id) ? `★ ${label(s.text, s.id)}` : label(s.text, s.id));

  const pick = (id: number) => {
    setQuery('');
    onPick(id);
  };
  const current = orderable.find((s) => s.id === serviceId);

  return (
    <div className="service-picker">
      <ServiceSearch
        value={query}
        disabled={disabled}
        onChange={setQuery}
        onKeyDown={(e) => {
          // Enter picks the first result instead of submitting the order.
          if (e.key !== 'Enter') return;
          e.preventDefault();
          if (results[0]) pick(results[0].id);
        }}
      />
      {query.trim() ? (
        <ul className="picker-results" aria-label="검색 결과">
          {results.length ? (
            results.map((s) => (
              <li key={s.id}>
                <button type="button" className="picker-result" onClick={() => pick(s.id)}>
                  {starred(s)}
                </button>
                <FavoriteStar serviceId={s.id} name={s.text} />
              </li>
            ))
          ) : (
            <li className="muted picker-empty">검색 결과가 없습니다.</li>
          )}
        </ul>
      ) : null}
      {favorites.length ? (
        <div className="picker-favorites" role="group" aria-label="즐겨찾기">
          {favorites.map((s) => (
            <button
              key={s.id}
              type="button"
              className={`chip${s.id === serviceId ? ' chip-on' : ''}`}
              aria-pressed={s.id === serviceId}
              disabled={disabled}
              onClick={() => pick(s.id)}
            >
              ★ {label(s.text, s.id)}
            </button>
          ))}
        </div>
      ) : null}
      <div className="picker-row">
        <Select
          aria-label="상품"
          value={serviceId}
          onChange={(e) => onChange(Number(e.target.value))}
          disabled={disabled}
          error={error}
        >
          {serviceId === 0 ? <option value={0}>{ORDER_MESSAGES.serviceRequired}</option> : null}
          {listed.map((s) => (
            <option key={s.id} value={s.id}>
              {starred(s)}
            </option>
          ))}
        </Select>
        {current ? <FavoriteStar serviceId={current.id} /> : null}
      </div>
      <Link className="picker-all" to={paths.services}>
        전체 상품과 평균 완료 시간 보기
      </Link>
    </div>
  );
}
