import type { ReactNode } from 'react';
import type { PlatformUi, ShellFlow } from '@velvet/contracts';
import { Button } from './Button';

/** Something is loading; the label is read out to screen readers. */
export function Spinner({ label }: { label: string }) {
  return (
    <div className="vv-spinner" role="status">
      <span className="vv-visually-hidden">{label}</span>
    </div>
  );
}

export interface ProgressBarProps {
  value: number;
  max?: number;
  label: string;
}

/** A bar drawn in SVG: its length is an attribute, not a style, so it renders from the server under the CSP. */
export function ProgressBar({ value, max = 100, label }: ProgressBarProps) {
  const clamped = Math.min(Math.max(value, 0), max);
  return (
    <svg
      className="vv-progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={clamped}
      viewBox="0 0 100 1"
      preserveAspectRatio="none"
    >
      <rect className="vv-progress__bar" width={(clamped / max) * 100} height={1} />
    </svg>
  );
}

export interface EmptyStateProps {
  title: string;
  text?: ReactNode;
  action?: ReactNode;
}

/** A list or page with nothing to show. */
export function EmptyState({ title, text, action }: EmptyStateProps) {
  return (
    <div className="vv-state vv-state--empty">
      <h2 className="vv-state__title">{title}</h2>
      {text ? <p className="vv-state__text">{text}</p> : null}
      {action}
    </div>
  );
}

export interface ErrorStateProps {
  title: string;
  text?: ReactNode;
  retryLabel?: string;
  onRetry?: () => void;
}

/** Loading failed: announced as an alert, with a retry when the caller gives one. */
export function ErrorState({ title, text, retryLabel, onRetry }: ErrorStateProps) {
  return (
    <div className="vv-state vv-state--error" role="alert">
      <h2 className="vv-state__title">{title}</h2>
      {text ? <p className="vv-state__text">{text}</p> : null}
      {onRetry && retryLabel ? (
        <Button variant="secondary" onClick={onRetry}>
          {retryLabel}
        </Button>
      ) : null}
    </div>
  );
}

export interface LoginPromptProps {
  text: string;
  buttonLabel: string;
  /** The platform's ui (platform.ui): the button opens the shell's login flow there. */
  ui: Pick<PlatformUi, 'open'>;
  flow?: Extract<ShellFlow, 'login' | 'signup'>;
}

/** In place of content that needs a logged-in guest. */
export function LoginPrompt({ text, buttonLabel, ui, flow = 'login' }: LoginPromptProps) {
  return (
    <div className="vv-login-prompt">
      <p className="vv-login-prompt__text">{text}</p>
      <Button onClick={() => ui.open(flow)}>{buttonLabel}</Button>
    </div>
  );
}
