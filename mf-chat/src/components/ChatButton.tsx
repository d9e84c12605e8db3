import { useTranslation } from 'react-i18next';
import { chatButtonPrice, type ChatButtonConfig } from '@velvet/contracts';
import { Button, ButtonLink, Price, type LinkTarget } from '@velvet/ui';
import { formatChatPrice } from '../format';

export interface ChatButtonProps {
  config: ChatButtonConfig;
  /** On cards: the button leads to the performer's profile. */
  link?: LinkTarget;
  /** On the profile: what a click does (e.g. ask an anonymous visitor to log in). */
  onStart?: () => void;
}

/** The chat button of the spec: live state and the price per minute, or the free label for a free chat. */
export function ChatButton({ config, link, onStart }: ChatButtonProps) {
  const { t } = useTranslation();
  const content = (
    <>
      <span>
        {t(config.isBannedCountryCode ? 'chat.unavailable' : config.isActorOnline ? 'chat.start' : 'chat.offline')}
      </span>
      {config.isBannedCountryCode ? null : (
        <Price
          amount={chatButtonPrice(config)}
          format={formatChatPrice}
          freeLabel={t('chat.free')}
          unit={t('chat.perMinute')}
        />
      )}
    </>
  );
  const variant = config.isActorOnline && !config.isBannedCountryCode ? 'primary' : 'secondary';
  if (link && !config.isBannedCountryCode) {
    return (
      <ButtonLink {...link} variant={variant} size="small" block>
        {content}
      </ButtonLink>
    );
  }
  if (onStart) {
    return (
      <Button variant={variant} block disabled={config.isBannedCountryCode} onClick={onStart}>
        {content}
      </Button>
    );
  }
  return <span className="vv-button vv-button--secondary vv-button--block">{content}</span>;
}
