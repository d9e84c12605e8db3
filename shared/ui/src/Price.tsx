export interface PriceProps {
  /** Hundredths of the currency unit (integer, as the server sends amounts). */
  amount: number;
  /** Formats the amount, e.g. the SDK's formatCurrency with the currency bound. */
  format: (amount: number) => string;
  /** Shown instead of the amount when it is zero (spec: a zero chat price shows a free label). */
  freeLabel: string;
  /** Appended to a non-zero amount, e.g. "/min" for a chat price per minute. */
  unit?: string;
}

export function Price({ amount, format, freeLabel, unit }: PriceProps) {
  if (amount === 0) return <span className="vv-price vv-price--free">{freeLabel}</span>;
  return (
    <span className="vv-price">
      {format(amount)}
      {unit ? <span className="vv-price__unit">{unit}</span> : null}
    </span>
  );
}
