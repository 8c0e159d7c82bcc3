import type { ReactNode } from 'react';

/** The centred card every sign-in screen sits in. */
export function AuthCard({
  title,
  sub,
  children,
  footer,
}: {
  title: string;
  sub?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="page auth-page">
      <section className="card auth-card">
        <h1 className="auth-title">{title}</h1>
        {sub ? <p className="auth-sub">{sub}</p> : null}
        {children}
        {footer ? <div className="auth-footer">{footer}</div> : null}
      </section>
    </div>
  );
}
