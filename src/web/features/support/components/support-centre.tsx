import type { ReactNode } from 'react';
import { supportPage } from '#shared/messages/support.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { ContactForm } from './contact-form.tsx';
import { MySupportMessages } from './my-support-messages.tsx';
import { SupportCards } from './support-cards.tsx';
import { SupportFaq } from './support-faq.tsx';
import { UrgentHelp } from './urgent-help.tsx';

/**
 * The support centre (spec 2 section 2): the urgent numbers first, the three cards, the FAQ (#faq,
 * placed above anything that loads later so the anchor does not move once scrolled to), then the
 * contact form beside the signed-in user's own messages.
 */
export function SupportCentre({ liveChatAction }: { liveChatAction: ReactNode }) {
  const { user } = useAuth();
  return (
    <div className="mx-auto w-full max-w-6xl space-y-10 px-4 py-10 sm:px-6">
      <div className="max-w-3xl">
        <h1 className="text-3xl font-semibold text-ink sm:text-4xl">{supportPage.title}</h1>
        <p className="mt-3 text-lg text-slate-700">{supportPage.intro}</p>
      </div>
      <UrgentHelp />
      <SupportCards liveChatAction={liveChatAction} />
      <SupportFaq />
      <div className={user ? 'grid grid-cols-1 gap-6 lg:grid-cols-2' : 'max-w-2xl'}>
        <ContactForm />
        {user ? <MySupportMessages /> : null}
      </div>
    </div>
  );
}
