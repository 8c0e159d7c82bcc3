import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';

interface FieldProps {
  label?: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** A button or text beside the control (e.g. 인증번호 발송). */
  addon?: ReactNode;
  children: (id: string) => ReactNode;
}

/** A labelled control with its validation message under it. */
export function Field({ label, error, hint, addon, children }: FieldProps) {
  const id = useId();
  return (
    <div className="field">
      {label ? (
        <label className="field-label" htmlFor={id}>
          {label}
        </label>
      ) : null}
      <div className="field-row">
        {children(id)}
        {addon}
      </div>
      {hint ? <p className="field-hint">{hint}</p> : null}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type InputProps = InputHTMLAttributes<HTMLInputElement> & {
  label?: ReactNode;
  error?: string;
  hint?: ReactNode;
  addon?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

export function Input({ label, error, hint, addon, className = '', ...props }: InputProps) {
  return (
    <Field label={label} error={error} hint={hint} addon={addon}>
      {(id) => (
        <input id={id} className={`input ${className}`.trim()} aria-invalid={error ? true : undefined} {...props} />
      )}
    </Field>
  );
}

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label?: ReactNode;
  error?: string;
  ref?: Ref<HTMLSelectElement>;
};

export function Select({ label, error, className = '', children, ...props }: SelectProps) {
  return (
    <Field label={label} error={error}>
      {(id) => (
        <select id={id} className={`input ${className}`.trim()} aria-invalid={error ? true : undefined} {...props}>
          {children}
        </select>
      )}
    </Field>
  );
}
