import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { navigateOnPlainClick, type LinkTarget } from './link';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';
interface ButtonLook {
  variant?: ButtonVariant;
  size?: 'normal' | 'small';
  block?: boolean;
}

const classes = ({ variant = 'primary', size = 'normal', block = false }: ButtonLook, extra?: string) =>
  ['vv-button', `vv-button--${variant}`, size === 'small' && 'vv-button--small', block && 'vv-button--block', extra]
    .filter(Boolean)
    .join(' ');

export interface ButtonProps extends ButtonLook, ButtonHTMLAttributes<HTMLButtonElement> {
  /** Shows the action as running: announced to screen readers and not clickable twice. */
  busy?: boolean;
}

export function Button({
  variant,
  size,
  block,
  busy = false,
  type = 'button',
  className,
  disabled,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={classes({ variant, size, block }, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {children}
    </button>
  );
}

export interface ButtonLinkProps extends ButtonLook, LinkTarget {
  children: ReactNode;
  className?: string;
  'aria-label'?: string;
}

/** Looks like a button, is a link: for actions that go to another page. */
export function ButtonLink({ variant, size, block, href, onNavigate, className, children, ...rest }: ButtonLinkProps) {
  return (
    <a
      {...rest}
      href={href}
      onClick={navigateOnPlainClick(onNavigate)}
      className={classes({ variant, size, block }, className)}
    >
      {children}
    </a>
  );
}
