import { useState, type FormEvent } from 'react';
import { CHAT_DEFAULT_SUBJECT, CHAT_SUBJECT_MAX_LENGTH, SUPPORT_NAME_MAX_LENGTH } from '#shared/constants.ts';
import { chat as chatText, liveChat } from '#shared/messages/chat.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import type { CreateChatSessionInput } from '../api/create-chat-session.ts';

/**
 * The start of a live chat (spec 2 section 2): a guest gives a name and an e-mail, everyone a subject
 * ("De quoi ça parle ?", "Support en direct" when left empty).
 */
export function ChatStartForm({
  isGuest,
  starting,
  onStart,
}: {
  isGuest: boolean;
  starting: boolean;
  onStart: (input: CreateChatSessionInput) => void;
}) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [subject, setSubject] = useState('');
  const [identityError, setIdentityError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (starting) return;
    if (isGuest && (name.trim() === '' || email.trim() === '')) {
      setIdentityError(chatText.guestIdentityRequired);
      return;
    }
    setIdentityError(null);
    onStart(isGuest ? { subject, guest_name: name, guest_email: email } : { subject });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {isGuest ? (
        <>
          <p className="text-ink-muted">{liveChat.guestIntro}</p>
          <FormField label={liveChat.nameLabel} error={identityError && name.trim() === '' ? identityError : null}>
            <Input
              value={name}
              maxLength={SUPPORT_NAME_MAX_LENGTH}
              autoComplete="name"
              required
              onChange={(event) => setName(event.target.value)}
            />
          </FormField>
          <FormField label={liveChat.emailLabel} error={identityError && email.trim() === '' ? identityError : null}>
            <Input
              type="email"
              value={email}
              autoComplete="email"
              required
              onChange={(event) => setEmail(event.target.value)}
            />
          </FormField>
        </>
      ) : null}
      <FormField label={chatText.subjectLabel} hint={liveChat.subjectHint}>
        <Input
          value={subject}
          maxLength={CHAT_SUBJECT_MAX_LENGTH}
          placeholder={CHAT_DEFAULT_SUBJECT}
          onChange={(event) => setSubject(event.target.value)}
        />
      </FormField>
      <Button type="submit" fullWidth loading={starting} loadingLabel={liveChat.starting}>
        {liveChat.start}
      </Button>
    </form>
  );
}
