import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { dataRightsLinkPage } from '#shared/messages/trust-web.ts';
import { DataRightsRequestSchema } from '#shared/schemas/privacy.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useRequestDataRightsLink } from '../api/request-data-rights-link.ts';

/**
 * The address of the account, for a link to its data by e-mail. The answer shown is the server's, the
 * same whether the address has an account or not.
 */
export function DataRightsRequestForm() {
  const mutation = useRequestDataRightsLink();
  const form = useForm<z.input<typeof DataRightsRequestSchema>, unknown, z.output<typeof DataRightsRequestSchema>>({
    resolver: zodResolver(DataRightsRequestSchema),
    defaultValues: { email: '' },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    await mutation.mutateAsync(values).catch(() => undefined);
  });

  if (mutation.isSuccess) {
    return (
      <p role="status" className="flex gap-3 rounded-xl bg-success-soft p-4 text-success">
        <MailCheck size={20} className="mt-0.5 shrink-0" aria-hidden="true" />
        <span>{mutation.data.message}</span>
      </p>
    );
  }
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-5">
      <p className="text-slate-700">{dataRightsLinkPage.requestIntro}</p>
      <FormField label={dataRightsLinkPage.emailLabel} error={form.formState.errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
      </FormField>
      {mutation.isError ? (
        <p role="alert" className="rounded-xl bg-danger-soft px-4 py-3 text-sm font-medium text-danger">
          {errorMessage(mutation.error, dataRightsLinkPage.requestError)}
        </p>
      ) : null}
      <Button type="submit" fullWidth loading={mutation.isPending} loadingLabel={dataRightsLinkPage.requestSending}>
        {dataRightsLinkPage.requestSubmit}
      </Button>
    </form>
  );
}
