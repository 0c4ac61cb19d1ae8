import { Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { availability, slots as slotMessages } from '#shared/messages/availability.ts';
import { common } from '#shared/messages/common.ts';
import { validateSlotRows, type SlotIssue } from '#shared/rules/slot-validation.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { toast } from '#web/components/ui/toaster.tsx';
import { errorMessage, isApiError } from '#web/lib/api-client.ts';
import { cn } from '#web/lib/cn.ts';
import { useParisToday } from '#web/lib/use-paris-today.ts';
import { useCreateSlotsBulk } from '../api/create-slots-bulk.ts';
import { TimeSelect } from './time-select.tsx';

type Row = { key: number; date: string; start_time: string; end_time: string };

let nextKey = 0;
const emptyRow = (): Row => ({ key: nextKey++, date: '', start_time: '', end_time: '' });

/**
 * Rows of date + start + end in Paris time (DESIGN.md section 8), checked with the shared slot rules
 * and their messages (spec 1 section 5), then sent together to POST /time-slots/bulk: all or none.
 */
export function SlotRowsForm({
  offerId,
  errorFallback,
  onCreated,
  secondaryAction,
}: {
  /** null: the slots serve every offer of the helper. */
  offerId: string | null;
  /** "Impossible de créer les créneaux" or "Impossible d'ajouter les nouveaux créneaux" (spec 1 section 8). */
  errorFallback: string;
  onCreated?: (count: number) => void;
  secondaryAction?: ReactNode;
}) {
  const [rows, setRows] = useState<Row[]>(() => [emptyRow()]);
  const [issue, setIssue] = useState<SlotIssue | null>(null);
  const mutation = useCreateSlotsBulk();
  const today = useParisToday();

  const update = (key: number, field: keyof Omit<Row, 'key'>, value: string) => {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, [field]: value } : row)));
    setIssue(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateSlotRows(rows, new Date());
    if (!result.ok) {
      setIssue(result.issue);
      return;
    }
    setIssue(null);
    mutation.mutate(
      {
        offer_id: offerId,
        time_slots: result.rows.map((row) => ({
          date: row.date,
          start_time: row.start_time,
          end_time: row.end_time,
          is_available: true,
        })),
      },
      {
        onSuccess: (created) => {
          toast.success(slotMessages.added(created.created));
          setRows([emptyRow()]);
          onCreated?.(created.created);
        },
        onError: (failure) => {
          const text = errorMessage(failure, errorFallback);
          setIssue({ kind: 'invalidFormat', message: text });
          toast.error(errorFallback, isApiError(failure) && text !== errorFallback ? { description: text } : undefined);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-ink-muted">{availability.parisNote}</p>
      <ul className="space-y-3">
        {rows.map((row, index) => {
          const invalid = issue?.index === index;
          const id = `slot-row-${row.key}`;
          return (
            <li key={row.key}>
              <fieldset
                className={cn(
                  'grid gap-3 rounded-xl border p-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end',
                  invalid ? 'border-danger bg-danger-soft' : 'border-line bg-white',
                )}
                aria-invalid={invalid || undefined}
              >
                <legend className="sr-only">{availability.rowLegend(index + 1)}</legend>
                <div className="space-y-1.5">
                  <Label htmlFor={`${id}-date`}>{availability.dateLabel}</Label>
                  <Input
                    id={`${id}-date`}
                    type="date"
                    min={today}
                    value={row.date}
                    onChange={(event) => update(row.key, 'date', event.target.value)}
                  />
                </div>
                <div className="space-y-1.5">
                  <Label htmlFor={`${id}-start`}>{availability.startLabel}</Label>
                  <TimeSelect
                    id={`${id}-start`}
                    value={row.start_time}
                    onChange={(event) => update(row.key, 'start_time', event.target.value)}
                  />
                </div>
                <div className="space-y-1.5">
                  <Label htmlFor={`${id}-end`}>{availability.endLabel}</Label>
                  <TimeSelect
                    id={`${id}-end`}
                    value={row.end_time}
                    onChange={(event) => update(row.key, 'end_time', event.target.value)}
                  />
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={availability.removeRow(index + 1)}
                  disabled={rows.length === 1}
                  onClick={() => {
                    setRows((current) => current.filter((candidate) => candidate.key !== row.key));
                    setIssue(null);
                  }}
                >
                  <Trash2 size={20} aria-hidden="true" />
                </Button>
              </fieldset>
            </li>
          );
        })}
      </ul>
      <Button variant="outline" onClick={() => setRows((current) => [...current, emptyRow()])}>
        <Plus size={20} aria-hidden="true" />
        {availability.addRow}
      </Button>
      {issue ? (
        <p role="alert" className="rounded-xl bg-danger-soft p-3 text-sm font-medium text-danger">
          {issue.message}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {secondaryAction}
        <Button type="submit" loading={mutation.isPending} loadingLabel={common.saving}>
          {availability.submit}
        </Button>
      </div>
    </form>
  );
}
