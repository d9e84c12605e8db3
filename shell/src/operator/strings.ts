import { useState } from 'react';
import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@velvet/sdk';
import de from '../locales/operator/de.json';
import en from '../locales/operator/en.json';
import es from '../locales/operator/es.json';
import nl from '../locales/operator/nl.json';

const STRINGS = { de, en, es, nl };

/**
 * The console's strings join the shell's namespace under `operator` when the console's chunk loads: only
 * operators need them, so they are not part of the shell's first bytes.
 */
export function useOperatorStrings(i18n: I18n): void {
  useState(() => {
    for (const [language, strings] of Object.entries(STRINGS))
      i18n.addResourceBundle(language, 'shell', { operator: strings }, true, true);
    return true;
  });
}

/** A failed registry call in words: the server's stable code picks the message, unknown codes name themselves. */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation('shell');
  return (error) => {
    const message = error instanceof Error ? error.message : String(error);
    const code = error instanceof ApiError ? error.code : message;
    return t([`operator.errors.${code}`, 'operator.errors.unknown'], { code, message });
  };
}
