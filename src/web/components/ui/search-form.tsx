import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { cn } from '#web/lib/cn.ts';
import { Button } from './button.tsx';

type SearchFormProps = {
  id: string;
  label: string;
  placeholder: string;
  buttonLabel: string;
  /** Called with the trimmed text on Enter or on the button. */
  onSearch: (text: string) => void;
  /**
   * Where the form goes when JavaScript has not started yet (a GET with `search=`): the page that
   * reads that parameter. Defaults to the current address.
   */
  action?: string;
  initial?: string;
  /** `hero`: the landing page's larger field. */
  size?: 'default' | 'hero';
  className?: string;
};

/** A search field with its button: the landing hero and the search page use the same one. */
export function SearchForm({
  id,
  label,
  placeholder,
  buttonLabel,
  onSearch,
  initial = '',
  size = 'default',
  className,
  action,
}: SearchFormProps) {
  const [text, setText] = useState(initial);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Read from the field itself, not the state: on a page rendered on the server, words typed
    // before the app hydrated are in the field but never reached onChange.
    const typed = new FormData(event.currentTarget).get('search');
    onSearch((typeof typed === 'string' ? typed : text).trim());
  };
  return (
    <form
      role="search"
      method="get"
      action={action}
      onSubmit={submit}
      className={cn('flex flex-col gap-3 sm:flex-row', className)}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="relative flex-1">
        <Search
          size={20}
          className="pointer-events-none absolute top-1/2 left-4 -translate-y-1/2 text-slate-500"
          aria-hidden="true"
        />
        <input
          id={id}
          type="search"
          name="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={placeholder}
          autoComplete="off"
          className={cn(
            'focus-ring block w-full rounded-xl border border-slate-300 bg-white py-3 pr-4 pl-12 text-ink shadow-sm placeholder:text-slate-500',
            size === 'hero' ? 'min-h-13 text-lg' : 'min-h-12 text-base',
          )}
        />
      </div>
      <Button type="submit" size="lg">
        {buttonLabel}
      </Button>
    </form>
  );
}
