import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';
import { Label } from './label.tsx';

type ControlProps = {
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
};

/**
 * A label, its control, an optional hint and the error text. The control gets the id,
 * aria-invalid and aria-describedby pointing to the hint and the error, so screen readers read them.
 */
export function FormField({
  label,
  error,
  hint,
  optionalLabel,
  className,
  children,
  id: givenId,
}: {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  optionalLabel?: ReactNode;
  className?: string;
  id?: string;
  children: ReactElement<ControlProps>;
}) {
  const generatedId = useId();
  const id = givenId ?? children.props.id ?? generatedId;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [children.props['aria-describedby'], hintId, errorId].filter(Boolean).join(' ') || undefined;
  const control = isValidElement(children)
    ? cloneElement(children, { id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })
    : children;
  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={id}>
        {label}
        {optionalLabel ? <span className="ml-1 font-normal text-ink-muted">{optionalLabel}</span> : null}
      </Label>
      {control}
      {hint ? (
        <p id={hintId} className="text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
