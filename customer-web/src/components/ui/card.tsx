import type { HTMLAttributes, ReactNode } from 'react';

export function Card({
  title,
  actions,
  className = '',
  children,
  ...props
}: HTMLAttributes<HTMLElement> & { title?: ReactNode; actions?: ReactNode }) {
  return (
    <section className={`card ${className}`.trim()} {...props}>
      {title || actions ? (
        <header className="card-header">
          {title ? <h2 className="card-title">{title}</h2> : null}
          {actions}
        </header>
      ) : null}
      {children}
    </section>
  );
}

/** The page's title line. */
export function PageTitle({ children, sub }: { children: ReactNode; sub?: ReactNode }) {
  return (
    <div className="page-title">
      <h1>{children}</h1>
      {sub ? <p>{sub}</p> : null}
    </div>
  );
}
