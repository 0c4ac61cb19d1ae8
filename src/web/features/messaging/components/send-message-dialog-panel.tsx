import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { MESSAGE_MAX_LENGTH } from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { messaging } from '#shared/messages/messaging.ts';
import { sendMessageDialog } from '#shared/messages/messaging-actions.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { toast } from '#web/components/ui/toaster.tsx';
import { paths } from '#web/config/paths.ts';
import { isApiError } from '#web/lib/api-client.ts';
import { useCreateConversation } from '../api/create-conversation.ts';
import { useSendMessage } from '../api/send-message.ts';

/** The offer a first message is about. `id` may be missing on a broken page: the modal says so. */
export type MessageOffer = { id: string | null | undefined; helper_id: string; title: string };

type DialogError = { text: string; conversationId?: string };

/**
 * The "Envoyer un message" modal (spec 2 sections 2, 5 and 8): a trimmed message is required, and an
 * offer with an id. It creates (or finds) the conversation of the caller and that offer, posts the
 * message, then opens the conversation in the messages tab with the toast "Message envoyé". A failure
 * keeps the text typed. A second first message without a booking is refused by the server
 * (CHAT_DISABLED): its explanation is shown with a way to the existing conversation. Loaded on the
 * first opening (send-message-dialog.tsx).
 */
export default function SendMessageDialog({
  offer,
  helperName,
  open,
  onOpenChange,
}: {
  offer: MessageOffer;
  helperName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const navigate = useNavigate();
  const createConversation = useCreateConversation();
  const sendMessage = useSendMessage();
  const [text, setText] = useState('');
  const [error, setError] = useState<DialogError | null>(null);
  const pending = createConversation.isPending || sendMessage.isPending;
  const content = text.trim();

  const openConversation = (conversationId: string) => {
    onOpenChange(false);
    void navigate(paths.dashboard.href('messages', conversationId));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (content === '' || pending) return;
    if (!offer.id) {
      setError({ text: messaging.noOfferError });
      return;
    }
    setError(null);
    let conversationId: string | undefined;
    try {
      const conversation = await createConversation.mutateAsync(offer.id);
      conversationId = conversation.id;
      await sendMessage.mutateAsync({ conversationId, content });
    } catch (failure) {
      if (isApiError(failure) && failure.code === ErrorCode.CHAT_DISABLED) {
        setError({ text: failure.message, conversationId });
      } else {
        setError({ text: messaging.modalSendError });
      }
      return;
    }
    setText('');
    toast.success(messaging.sentToast);
    openConversation(conversationId);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setError(null);
        onOpenChange(next);
      }}
    >
      <DialogContent
        title={sendMessageDialog.title}
        description={sendMessageDialog.description(helperName, offer.title)}
      >
        <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
          <FormField label={sendMessageDialog.fieldLabel} hint={sendMessageDialog.fieldHint}>
            <Textarea
              value={text}
              onChange={(event) => setText(event.target.value)}
              placeholder={sendMessageDialog.fieldPlaceholder}
              maxLength={MESSAGE_MAX_LENGTH}
              rows={5}
              required
            />
          </FormField>
          {error ? (
            <div role="alert" className="space-y-3 rounded-xl bg-danger-soft p-3 text-sm font-medium text-danger">
              <p>{error.text}</p>
              {error.conversationId ? (
                <Button variant="outline" size="sm" onClick={() => openConversation(error.conversationId ?? '')}>
                  {sendMessageDialog.openExisting}
                </Button>
              ) : null}
            </div>
          ) : null}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline">{sendMessageDialog.cancel}</Button>
            </DialogClose>
            <Button type="submit" disabled={content === ''} loading={pending} loadingLabel={sendMessageDialog.sending}>
              {sendMessageDialog.send}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
