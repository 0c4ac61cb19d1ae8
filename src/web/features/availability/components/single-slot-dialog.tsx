import { CalendarPlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { DURATION_CHOICES_MINUTES, SLOT_MEETING_LINK_MAX_LENGTH, SLOT_NOTES_MAX_LENGTH } from '#shared/constants.ts';
import { availability, slots as slotMessages } from '#shared/messages/availability.ts';
import { common } from '#shared/messages/common.ts';
import { parisToday } from '#shared/rules/paris-time.ts';
import { validateSingleSlot } from '#shared/rules/slot-validation.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input, fieldClasses } from '#web/components/ui/input.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { toast } from '#web/components/ui/toaster.tsx';
import { errorMessage, isApiError } from '#web/lib/api-client.ts';
import { cn } from '#web/lib/cn.ts';
import { useCreateCalendarSlot } from '../api/create-calendar-slot.ts';
import { TimeSelect } from './time-select.tsx';

const empty = { date: '', time: '', duration: '', meetingLink: '', notes: '' };

/** The single-slot dialog (spec 1 section 2): date, time, duration, meeting link, notes. */
export function SingleSlotDialog({ offerId }: { offerId: string }) {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(empty);
  const [error, setError] = useState<string | null>(null);
  const mutation = useCreateCalendarSlot();
  const set = (field: keyof typeof empty) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setError(null);
  };

  const change = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setValues(empty);
      setError(null);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = validateSingleSlot(
      { date: values.date, time: values.time, durationMinutes: Number(values.duration) || null },
      new Date(),
    );
    if (!check.ok) {
      setError(check.issue.message);
      return;
    }
    mutation.mutate(
      {
        offer_id: offerId,
        date: values.date,
        time: values.time,
        duration: Number(values.duration),
        meeting_link: values.meetingLink.trim() || null,
        notes: values.notes.trim() || null,
      },
      {
        onSuccess: () => {
          toast.success(slotMessages.created);
          change(false);
        },
        onError: (failure) => {
          const text = errorMessage(failure, slotMessages.singleCreateError);
          setError(text);
          toast.error(
            slotMessages.singleCreateError,
            isApiError(failure) && text !== slotMessages.singleCreateError ? { description: text } : undefined,
          );
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <CalendarPlus size={20} aria-hidden="true" />
          {availability.singleSlotButton}
        </Button>
      </DialogTrigger>
      <DialogContent title={availability.singleDialogTitle} description={availability.singleDialogText}>
        <form onSubmit={submit} noValidate className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={availability.dateLabel}>
              <Input
                type="date"
                min={parisToday(new Date())}
                value={values.date}
                onChange={(event) => set('date')(event.target.value)}
              />
            </FormField>
            <FormField label={availability.timeLabel}>
              <TimeSelect value={values.time} onChange={(event) => set('time')(event.target.value)} />
            </FormField>
          </div>
          <FormField label={availability.durationLabel}>
            <select
              className={cn(fieldClasses, 'min-h-11')}
              value={values.duration}
              onChange={(event) => set('duration')(event.target.value)}
            >
              <option value="">{availability.timePlaceholder}</option>
              {DURATION_CHOICES_MINUTES.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {availability.durationOption(minutes)}
                </option>
              ))}
            </select>
          </FormField>
          <FormField label={availability.meetingLinkLabel} optionalLabel={availability.optional}>
            <Input
              type="url"
              inputMode="url"
              maxLength={SLOT_MEETING_LINK_MAX_LENGTH}
              value={values.meetingLink}
              onChange={(event) => set('meetingLink')(event.target.value)}
            />
          </FormField>
          <FormField label={availability.notesLabel} optionalLabel={availability.optional}>
            <Textarea
              rows={3}
              maxLength={SLOT_NOTES_MAX_LENGTH}
              value={values.notes}
              onChange={(event) => set('notes')(event.target.value)}
            />
          </FormField>
          {error ? (
            <p role="alert" className="rounded-xl bg-danger-soft p-3 text-sm font-medium text-danger">
              {error}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline">{common.cancel}</Button>
            </DialogClose>
            <Button type="submit" loading={mutation.isPending} loadingLabel={common.saving}>
              {availability.createSlot}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
