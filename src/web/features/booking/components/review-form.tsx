import { Star } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { REVIEW_COMMENT_MAX_LENGTH, REVIEW_RATING_MAX, REVIEW_RATING_MIN } from '#shared/constants.ts';
import { reviewForm } from '#shared/messages/bookings.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { toast } from '#web/components/ui/toaster.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { cn } from '#web/lib/cn.ts';
import { useCreateReview } from '../api/create-review.ts';

const RATINGS = Array.from(
  { length: REVIEW_RATING_MAX - REVIEW_RATING_MIN + 1 },
  (_, index) => REVIEW_RATING_MIN + index,
);

/** 1 to 5 stars as native radios (arrow keys change the note), a comment, then POST /reviews. */
export function ReviewForm({ bookingId }: { bookingId: string }) {
  const name = useId();
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useCreateReview();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rating === null) {
      setError(reviewForm.ratingRequired);
      return;
    }
    setError(null);
    mutation.mutate(
      { booking_id: bookingId, rating, comment: comment.trim() },
      {
        onSuccess: () => toast.success(reviewForm.successTitle, { description: reviewForm.successText }),
        onError: (failure) => {
          const text = errorMessage(failure, reviewForm.errorFallback);
          setError(text);
          toast.error(reviewForm.errorTitle, { description: text });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="rounded-xl border border-line bg-slate-50 p-4">
      <h3 className="text-base font-semibold text-ink">{reviewForm.title}</h3>
      <p className="mt-1 text-sm text-ink-muted">{reviewForm.intro}</p>
      <fieldset className="mt-3">
        <legend className="text-sm font-medium text-ink">{reviewForm.ratingLegend}</legend>
        <div className="mt-1 flex gap-1">
          {RATINGS.map((value) => {
            const lit = rating !== null && value <= rating;
            return (
              <label
                key={value}
                className="relative inline-flex h-11 w-11 cursor-pointer items-center justify-center rounded-xl hover:bg-amber-50 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent"
              >
                <input
                  type="radio"
                  name={name}
                  value={value}
                  checked={rating === value}
                  onChange={() => {
                    setRating(value);
                    setError(null);
                  }}
                  className="absolute inset-0 cursor-pointer appearance-none rounded-xl opacity-0"
                  aria-label={reviewForm.star(value)}
                />
                <Star
                  size={28}
                  aria-hidden="true"
                  className={cn(lit ? 'fill-amber-400 text-amber-600' : 'text-slate-500')}
                />
              </label>
            );
          })}
        </div>
      </fieldset>
      <FormField label={reviewForm.commentLabel} optionalLabel={reviewForm.commentHint} className="mt-3">
        <Textarea
          value={comment}
          rows={3}
          maxLength={REVIEW_COMMENT_MAX_LENGTH}
          onChange={(event) => setComment(event.target.value)}
        />
      </FormField>
      {error ? (
        <p role="alert" className="mt-2 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
      <Button type="submit" className="mt-4" loading={mutation.isPending} loadingLabel={reviewForm.submitting}>
        {reviewForm.submit}
      </Button>
    </form>
  );
}
