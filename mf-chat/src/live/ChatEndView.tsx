import { useTranslation } from 'react-i18next';
import { CHAT_EXIT_CODES, type ChatEnd } from '@velvet/contracts';
import { useLoggedIn, usePlatform } from '@velvet/federation';
import { Button } from '@velvet/ui';
import { formatChatPrice } from '../format';
import { ChatExitSurvey } from './ChatExitSurvey';
import { endedForAgeCheck, exitReasonKey } from './reasons';
import { formatDuration } from '@velvet/i18n';

/**
 * After a chat: why it ended (every exit code has its words), how long it ran and what it cost, the money charge
 * when the coins ran out, and the exit survey for chats long enough to rate.
 */
export function ChatEndView({ end, actorName, onAgain }: { end: ChatEnd; actorName: string; onAgain: () => void }) {
  const { t } = useTranslation();
  const { ui } = usePlatform();
  const loggedIn = useLoggedIn();
  const outOfMoney = end.exitCode === CHAT_EXIT_CODES.outOfMoney;
  const ageCheck = endedForAgeCheck(end.exitCode);
  return (
    <section className="mf-chat-end" data-testid="chat-end" data-exit-code={end.exitCode}>
      <h2>{t('chat.end.title', { name: actorName })}</h2>
      <p role="status" data-testid="chat-end-reason">
        {t(`chat.exit.${exitReasonKey(end.exitCode)}`, { name: actorName, code: end.exitCode })}
      </p>
      <p>
        {t('chat.end.summary', {
          duration: formatDuration(end.durationSeconds),
          amount: formatChatPrice(end.billedAmount),
        })}
      </p>
      <div className="mf-chat-end__actions">
        {outOfMoney ? <Button onClick={() => ui.open('moneyCharge')}>{t('chat.buyCoins')}</Button> : null}
        {ageCheck ? <Button onClick={() => ui.open('ageCheck')}>{t('chat.verifyAge')}</Button> : null}
        <Button variant={outOfMoney || ageCheck ? 'secondary' : 'primary'} onClick={onAgain}>
          {t('chat.end.again')}
        </Button>
      </div>
      {end.surveyEligible && loggedIn ? <ChatExitSurvey end={end} actorName={actorName} /> : null}
    </section>
  );
}
