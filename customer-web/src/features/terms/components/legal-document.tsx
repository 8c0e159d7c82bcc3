import type { ReactNode } from 'react';
import { useSettings } from '../../../lib/settings';

export interface Article {
  title: string;
  /** Paragraphs; an array inside is a numbered list. */
  body: (string | string[])[];
}

/** The company's name from the settings, or 회사 until they load. */
export const useCompany = () => useSettings().text('FOOTER_COMPANY') || '회사';

export function LegalDocument({
  title,
  intro,
  articles,
  numbered,
  closing,
}: {
  title: string;
  intro: ReactNode;
  articles: Article[];
  numbered: (i: number) => string;
  closing: ReactNode;
}) {
  return (
    <div className="page narrow legal">
      <article className="card">
        <h1>{title}</h1>
        <p>{intro}</p>
        {articles.map((a, i) => (
          <section key={a.title}>
            <h2>
              {numbered(i + 1)} ({a.title})
            </h2>
            {a.body.map((part, j) =>
              Array.isArray(part) ? (
                <ol key={j}>
                  {part.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ol>
              ) : (
                <p key={j}>{part}</p>
              ),
            )}
          </section>
        ))}
        <footer className="legal-closing">{closing}</footer>
      </article>
    </div>
  );
}
