import { zodResolver } from '@hookform/resolvers/zod';
import { AlertTriangle, Plus, Trash2, Wallet } from 'lucide-react';
import { useRef, type ReactNode, type Ref } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import {
  CURRENCIES,
  DEFAULT_CURRENCY,
  DEFAULT_OFFER_DURATION_MINUTES,
  DEFAULT_OFFER_PRICE_CENTS,
  DURATION_CHOICES_MINUTES,
  MAX_PRICING_OPTIONS,
  OFFER_CATEGORIES,
  OFFER_CONTACT_MAX_LENGTH,
  OFFER_DESCRIPTION_MAX_LENGTH,
  OFFER_TITLE_MAX_LENGTH,
  type Currency,
} from '#shared/constants.ts';
import { common } from '#shared/messages/common.ts';
import { categories, offers } from '#shared/messages/offers.ts';
import { centsToEuros } from '#shared/rules/pricing.ts';
import { OfferFormSchema, type OfferFormValues, type PrivateOffer } from '#shared/schemas/offers.ts';
import { Button, ButtonLink } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Select } from '#web/components/ui/select.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { paths } from '#web/config/paths.ts';

type FormInput = z.input<typeof OfferFormSchema>;

const categoryOptions = OFFER_CATEGORIES.map((id) => ({ value: id, label: categories[id] }));
const currencyLabels: Record<Currency, string> = { eur: offers.currencyEur, usd: offers.currencyUsd };
const currencySymbols: Record<Currency, string> = { eur: '€', usd: '$' };
const currencyOptions = CURRENCIES.map((id) => ({ value: id, label: currencyLabels[id] }));
const durationOptions = DURATION_CHOICES_MINUTES.map((minutes) => ({
  value: String(minutes),
  label: common.minutes(minutes),
}));

/** A new offer starts with one option of 60 minutes at 50 € (spec 1 section 9). */
export const emptyOfferForm: Partial<FormInput> = {
  title: '',
  description: '',
  currency: DEFAULT_CURRENCY,
  meeting_contact_info: '',
  visible: true,
  pricing_options: [
    { duration_minutes: DEFAULT_OFFER_DURATION_MINUTES, price_euros: centsToEuros(DEFAULT_OFFER_PRICE_CENTS) },
  ],
};

/** The form values of a stored offer (prices back to whole euros). */
export function offerToFormValues(offer: PrivateOffer): OfferFormValues {
  const options = offer.pricing_options.length > 0 ? offer.pricing_options : [offer];
  return {
    title: offer.title,
    description: offer.description,
    category: offer.category,
    currency: offer.currency,
    meeting_contact_info: offer.meeting_contact_info,
    visible: offer.visible,
    pricing_options: options.map((option) => ({
      duration_minutes: option.duration_minutes,
      price_euros: centsToEuros(option.price_cents),
    })),
  };
}

/** The duration a new option gets: the first choice not already used. */
function nextDuration(used: readonly number[]): number {
  return DURATION_CHOICES_MINUTES.find((minutes) => !used.includes(minutes)) ?? DEFAULT_OFFER_DURATION_MINUTES;
}

function PayoutRequired({ linkRef }: { linkRef: Ref<HTMLAnchorElement> }) {
  return (
    <div role="alert" className="flex gap-3 rounded-2xl border border-amber-300 bg-warning-soft p-4">
      <AlertTriangle size={20} className="mt-0.5 shrink-0 text-warning" aria-hidden="true" />
      <div className="space-y-2">
        <p className="text-slate-800">{offers.payoutAccountRequired}</p>
        <Link
          ref={linkRef}
          to={paths.dashboard.href('overview')}
          className="focus-ring rounded font-medium text-accent-text underline"
        >
          {offers.payoutSetupLink}
        </Link>
      </div>
    </div>
  );
}

/**
 * Create and edit form of an offer (spec 1 section 5), validated with the API's own schema
 * (OfferFormSchema) so the French messages are the server's. Paid options need a payout account
 * whose details are submitted: `payoutReady` false shows that rule and holds the submit; undefined
 * (unknown, e.g. the status check failed) lets the server decide.
 */
export function OfferForm({
  defaultValues = emptyOfferForm,
  payoutReady,
  payoutRefused = false,
  submitLabel,
  submittingLabel = common.saving,
  cancelTo,
  onSubmit,
}: {
  defaultValues?: Partial<FormInput>;
  payoutReady: boolean | undefined;
  /** The server refused the last save with PAYOUT_ACCOUNT_REQUIRED. */
  payoutRefused?: boolean;
  submitLabel: ReactNode;
  submittingLabel?: ReactNode;
  cancelTo: string;
  onSubmit: (values: OfferFormValues) => Promise<void>;
}) {
  const form = useForm<FormInput, unknown, OfferFormValues>({ resolver: zodResolver(OfferFormSchema), defaultValues });
  const { errors, isSubmitting } = form.formState;
  const pricing = useFieldArray({ control: form.control, name: 'pricing_options' });
  const watchedOptions = useWatch({ control: form.control, name: 'pricing_options' });
  const currency = useWatch({ control: form.control, name: 'currency' }) ?? DEFAULT_CURRENCY;
  const payoutLink = useRef<HTMLAnchorElement>(null);

  const isPaid = (watchedOptions ?? []).some((option) => Number(option?.price_euros) > 0);
  const payoutBlocks = isPaid && payoutReady === false;
  const showPayoutRule = payoutBlocks || (payoutRefused && isPaid);

  const submit = form.handleSubmit(async (values) => {
    if (payoutBlocks) {
      payoutLink.current?.focus();
      return;
    }
    await onSubmit(values);
  });

  const pricingError = errors.pricing_options?.message ?? errors.pricing_options?.root?.message;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-6">
      <FormField label={offers.fieldTitle} error={errors.title?.message}>
        <Input
          maxLength={OFFER_TITLE_MAX_LENGTH}
          placeholder={offers.fieldTitlePlaceholder}
          {...form.register('title')}
        />
      </FormField>

      <FormField label={offers.fieldDescription} error={errors.description?.message}>
        <Textarea
          rows={6}
          maxLength={OFFER_DESCRIPTION_MAX_LENGTH}
          placeholder={offers.fieldDescriptionPlaceholder}
          {...form.register('description')}
        />
      </FormField>

      <Controller
        control={form.control}
        name="category"
        render={({ field }) => (
          <FormField label={offers.fieldCategory} error={errors.category?.message}>
            <Select
              ref={field.ref}
              name={field.name}
              value={field.value ?? ''}
              onValueChange={field.onChange}
              options={categoryOptions}
              placeholder={offers.fieldCategoryPlaceholder}
            />
          </FormField>
        )}
      />

      <FormField label={offers.fieldContact} hint={offers.contactHint} error={errors.meeting_contact_info?.message}>
        <Input
          maxLength={OFFER_CONTACT_MAX_LENGTH}
          autoComplete="off"
          placeholder={offers.fieldContactPlaceholder}
          {...form.register('meeting_contact_info')}
        />
      </FormField>

      <fieldset className="space-y-4 rounded-2xl border border-line bg-white p-4 sm:p-5">
        <legend className="px-1 text-base font-semibold text-ink">{offers.pricingTitle}</legend>
        <p className="text-sm text-ink-muted">{offers.pricingHint}</p>

        <Controller
          control={form.control}
          name="currency"
          render={({ field }) => (
            <FormField label={offers.fieldCurrency} error={errors.currency?.message} className="sm:max-w-xs">
              <Select
                ref={field.ref}
                name={field.name}
                value={field.value}
                onValueChange={field.onChange}
                options={currencyOptions}
              />
            </FormField>
          )}
        />

        <ol className="space-y-4">
          {pricing.fields.map((item, index) => {
            const optionErrors = errors.pricing_options?.[index];
            return (
              <li key={item.id} className="rounded-xl bg-surface p-3 sm:p-4">
                <div className="mb-2 flex items-center justify-between gap-3">
                  <p className="text-sm font-semibold text-ink">{offers.pricingOptionLabel(index + 1)}</p>
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={pricing.fields.length <= 1}
                    onClick={() => pricing.remove(index)}
                    aria-label={offers.removePricingOption(index + 1)}
                  >
                    <Trash2 size={18} aria-hidden="true" />
                  </Button>
                </div>
                <div className="grid gap-3 sm:grid-cols-2">
                  <Controller
                    control={form.control}
                    name={`pricing_options.${index}.duration_minutes`}
                    render={({ field }) => (
                      <FormField label={offers.fieldDuration} error={optionErrors?.duration_minutes?.message}>
                        <Select
                          ref={field.ref}
                          name={field.name}
                          value={String(field.value)}
                          onValueChange={(value) => field.onChange(Number(value))}
                          options={durationOptions}
                        />
                      </FormField>
                    )}
                  />
                  <FormField
                    label={offers.fieldPrice(currencySymbols[currency])}
                    error={optionErrors?.price_euros?.message}
                  >
                    <Input
                      type="number"
                      inputMode="numeric"
                      min={0}
                      step={1}
                      {...form.register(`pricing_options.${index}.price_euros`, { valueAsNumber: true })}
                    />
                  </FormField>
                </div>
              </li>
            );
          })}
        </ol>
        {pricingError ? (
          <p role="alert" className="text-sm font-medium text-danger">
            {pricingError}
          </p>
        ) : null}
        <Button
          variant="outline"
          disabled={pricing.fields.length >= MAX_PRICING_OPTIONS}
          onClick={() =>
            pricing.append({
              duration_minutes: nextDuration((watchedOptions ?? []).map((option) => Number(option?.duration_minutes))),
              price_euros: centsToEuros(DEFAULT_OFFER_PRICE_CENTS),
            })
          }
        >
          <Plus size={20} aria-hidden="true" />
          {offers.addPricingOption}
        </Button>

        <p className="flex items-center gap-2 text-sm text-slate-700">
          <Wallet size={18} className="shrink-0 text-ink-muted" aria-hidden="true" />
          {offers.payoutNotice}
        </p>
        {showPayoutRule ? <PayoutRequired linkRef={payoutLink} /> : null}
      </fieldset>

      <Controller
        control={form.control}
        name="visible"
        render={({ field }) => (
          <div className="flex items-center justify-between gap-4 rounded-2xl border border-line bg-white p-4">
            <Label htmlFor="offer-visible" className="text-base">
              {offers.fieldVisible}
            </Label>
            <Switch id="offer-visible" ref={field.ref} checked={field.value} onCheckedChange={field.onChange} />
          </div>
        )}
      />

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <ButtonLink to={cancelTo} variant="outline">
          {common.cancel}
        </ButtonLink>
        <Button type="submit" loading={isSubmitting} loadingLabel={submittingLabel}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
