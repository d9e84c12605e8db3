export interface OnlineBadgeProps {
  online: boolean;
  onlineLabel: string;
  offlineLabel: string;
}

/** A performer's live state: a coloured dot plus the word, so colour is never the only signal. */
export function OnlineBadge({ online, onlineLabel, offlineLabel }: OnlineBadgeProps) {
  return (
    <span className="vv-online-badge" data-online={online ? 'true' : 'false'}>
      {online ? onlineLabel : offlineLabel}
    </span>
  );
}
