import { useState } from 'react';
import type { QnaItem } from '../../../lib/contracts';

/** One answer open at a time; opening another closes the first. */
export function Accordion({ items }: { items: readonly QnaItem[] }) {
  const [open, setOpen] = useState<number | null>(null);
  return (
    <div className="accordion">
      {items.map((item, i) => {
        const isOpen = open === i;
        return (
          <div key={item.id} className={`accordion-item${isOpen ? ' open' : ''}`}>
            <button
              type="button"
              className="accordion-head"
              aria-expanded={isOpen}
              onClick={() => setOpen(isOpen ? null : i)}
            >
              <span className="q">Q</span>
              <span className="accordion-title">{item.title}</span>
              <span className="chevron" aria-hidden="true">
                ▾
              </span>
            </button>
            {isOpen ? (
              <div className="accordion-body" role="region" aria-label={item.title}>
                <p className="pre">{item.answer}</p>
              </div>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
