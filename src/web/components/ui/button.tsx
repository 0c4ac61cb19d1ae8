import { Link, type LinkProps } from 'react-router';
import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { cn } from '#web/lib/cn.ts';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'outline';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';
/** Forces the helper (warm) or seeker (cool) accent; otherwise inherits the nearest data-tone. */
export type Tone = 'helper' | 'seeker';

const base =
  'focus-ring inline-flex items-center justify-center gap-2 rounded-xl font-medium transition-colors duration-150 disabled:cursor-not-allowed disabled:opacity-60 select-none';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-accent text-white hover:bg-accent-strong shadow-sm',
  secondary: 'bg-accent-soft text-accent-text hover:bg-accent-muted',
  outline: 'border border-slate-300 bg-white text-ink hover:bg-slate-50',
  ghost: 'text-ink hover:bg-slate-100',
  danger: 'bg-danger text-white hover:bg-danger-strong shadow-sm',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'min-h-9 px-3 py-1.5 text-sm',
  md: 'min-h-11 px-4 py-2 text-base',
  lg: 'min-h-12 px-6 py-3 text-lg',
  icon: 'h-11 w-11 p-0',
};

export function buttonClasses(
  options: { variant?: ButtonVariant; size?: ButtonSize; fullWidth?: boolean; className?: string } = {},
): string {
  const { variant = 'primary', size = 'md', fullWidth = false, className } = options;
  return cn(base, variants[variant], sizes[size], fullWidth && 'w-full', className);
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  tone?: Tone;
  fullWidth?: boolean;
  /** Disables the button and shows `loadingLabel` (e.g. "Enregistrement…") while true. */
  loading?: boolean;
  loadingLabel?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
};

export function Button({
  variant,
  size,
  tone,
  fullWidth,
  loading = false,
  loadingLabel,
  className,
  children,
  disabled,
  type = 'button',
  onClick,
  ...rest
}: ButtonProps) {
  // While loading the button stays focusable (a disabled button drops keyboard focus to <body>)
  // but ignores clicks and implicit form submission.
  return (
    <button
      type={type}
      data-tone={tone}
      disabled={disabled}
      aria-disabled={loading || undefined}
      aria-busy={loading || undefined}
      onClick={(event) => {
        if (loading) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
      className={buttonClasses({
        variant,
        size,
        fullWidth,
        className: cn(loading && 'cursor-progress opacity-80', className),
      })}
      {...rest}
    >
      {loading && loadingLabel ? loadingLabel : children}
    </button>
  );
}

export type ButtonLinkProps = LinkProps & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  tone?: Tone;
  fullWidth?: boolean;
};

/** A link that looks like a button (navigation is a link, not a button with onClick). */
export function ButtonLink({ variant, size, tone, fullWidth, className, ...rest }: ButtonLinkProps) {
  return (
    <Link
      data-tone={tone}
      className={buttonClasses({
        variant,
        size,
        fullWidth,
        className: typeof className === 'string' ? className : undefined,
      })}
      {...rest}
    />
  );
}
