import { useState } from 'react';
import { initials } from '#shared/rules/format.ts';
import { cn } from '#web/lib/cn.ts';

/** Background/text pairs that all reach 4.5:1 (UI.md: initials avatars with a colour from the name). */
const PALETTE = [
  'bg-teal-100 text-teal-900',
  'bg-sky-100 text-sky-900',
  'bg-orange-100 text-orange-900',
  'bg-amber-100 text-amber-900',
  'bg-emerald-100 text-emerald-900',
  'bg-rose-100 text-rose-900',
  'bg-violet-100 text-violet-900',
  'bg-indigo-100 text-indigo-900',
] as const;

export function avatarColour(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return PALETTE[hash % PALETTE.length] ?? PALETTE[0];
}

const sizes = {
  sm: 'h-8 w-8 text-sm',
  md: 'h-10 w-10 text-base',
  lg: 'h-16 w-16 text-xl',
  xl: 'h-24 w-24 text-3xl',
} as const;

export function Avatar({
  name,
  src,
  size = 'md',
  className,
}: {
  name: string;
  src?: string | null;
  size?: keyof typeof sizes;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  const showImage = Boolean(src) && !failed;
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full font-semibold',
        sizes[size],
        !showImage && avatarColour(name),
        className,
      )}
    >
      {showImage ? (
        <img src={src ?? undefined} alt={name} className="h-full w-full object-cover" onError={() => setFailed(true)} />
      ) : (
        <span aria-hidden="true">{initials(name) || '?'}</span>
      )}
      {!showImage ? <span className="sr-only">{name}</span> : null}
    </span>
  );
}
