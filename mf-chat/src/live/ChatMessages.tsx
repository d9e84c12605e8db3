import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_MESSAGE_MAX_LENGTH, type ChatMessage } from '@velvet/contracts';
import { usePlatform } from '@velvet/federation';
import { Button } from '@velvet/ui';

interface PendingMessage {
  key: number;
  text: string;
}

/** The guest's messages the server has not echoed yet, minus those it has (matched by text, oldest first). */
function stillPending(pending: PendingMessage[], messages: ChatMessage[]): PendingMessage[] {
  const echoed = messages.filter((message) => message.senderType === 'guest').map((message) => message.text);
  return pending.filter((item) => {
    const index = echoed.indexOf(item.text);
    if (index === -1) return true;
    echoed.splice(index, 1);
    return false;
  });
}

/**
 * The chat's text: the messages of guest, performer and system over the socket, and (with the text ability) a
 * field to write. A sent message shows at once and is replaced by the server's copy when it comes back.
 */
export function ChatMessages({
  chatId,
  actorName,
  messages,
  canWrite,
}: {
  chatId: string;
  actorName: string;
  messages: ChatMessage[];
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  const { bus } = usePlatform();
  const [text, setText] = useState('');
  const [pending, setPending] = useState<PendingMessage[]>([]);
  // Sent before this page saw any message: those echoed before the send do not count as its copy.
  const [sentAfter] = useState(messages.length);
  const log = useRef<HTMLOListElement>(null);
  const waiting = stillPending(pending, messages.slice(sentAfter));

  useEffect(() => {
    log.current?.lastElementChild?.scrollIntoView?.({ block: 'nearest' });
  }, [messages.length, pending.length]);

  const send = (event: FormEvent) => {
    event.preventDefault();
    const message = text.trim();
    if (!message) return;
    bus.send({ type: 'sendChatMessage', chatId, text: message });
    setPending((list) => [...stillPending(list, messages.slice(sentAfter)), { key: Date.now(), text: message }]);
    setText('');
  };

  const sender = (message: Pick<ChatMessage, 'senderType'>) =>
    message.senderType === 'actor' ? actorName : t(`chat.messages.sender.${message.senderType}`);
  return (
    <div className="mf-chat-messages">
      <ol className="mf-chat-messages__log" role="log" aria-label={t('chat.messages.label')} ref={log}>
        {messages.length === 0 && waiting.length === 0 ? (
          <li className="mf-chat-messages__empty">{t('chat.messages.empty', { name: actorName })}</li>
        ) : null}
        {messages.map((message) => (
          <li key={message.id} data-sender={message.senderType}>
            <strong>{sender(message)}:</strong> {message.text}
          </li>
        ))}
        {waiting.map((message) => (
          <li key={message.key} data-sender="guest" aria-busy="true">
            <strong>{sender({ senderType: 'guest' })}:</strong> {message.text}
          </li>
        ))}
      </ol>
      {canWrite ? (
        <form className="mf-chat-messages__form" onSubmit={send}>
          <input
            type="text"
            aria-label={t('chat.messages.input')}
            placeholder={t('chat.messages.placeholder', { name: actorName })}
            maxLength={CHAT_MESSAGE_MAX_LENGTH}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <Button type="submit" disabled={!text.trim()}>
            {t('chat.messages.send')}
          </Button>
        </form>
      ) : null}
    </div>
  );
}
