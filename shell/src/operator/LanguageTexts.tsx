import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@velvet/contracts';

/** One text of a message that an operator writes in every language. */
export interface TextField<F extends string> {
  name: F;
  /** The translation key of its label. */
  label: string;
  maxLength: number;
  /** Two rows rather than one line. */
  multiline?: boolean;
  required?: boolean;
}

export type LanguageTexts<F extends string> = Record<Language, Record<F, string>>;

const emptyTexts = <F extends string>(fields: readonly TextField<F>[]) =>
  Object.fromEntries(
    LANGUAGES.map((language) => [language, Object.fromEntries(fields.map((field) => [field.name, '']))]),
  ) as LanguageTexts<F>;

/** The texts of a form in every language: empty at first and after `reset`. */
export function useLanguageTexts<F extends string>(fields: readonly TextField<F>[]) {
  const [texts, setTexts] = useState(() => emptyTexts(fields));
  return {
    texts,
    edit: (language: Language, field: F, value: string) =>
      setTexts((current) => ({ ...current, [language]: { ...current[language], [field]: value } })),
    reset: () => setTexts(emptyTexts(fields)),
  };
}

/** A fieldset per language with the form's texts, so every guest reads a message in her own language. */
export function LanguageTextFields<F extends string>({
  fields,
  texts,
  onEdit,
}: {
  fields: readonly TextField<F>[];
  texts: LanguageTexts<F>;
  onEdit: (language: Language, field: F, value: string) => void;
}) {
  const { t } = useTranslation('shell');
  return LANGUAGES.map((language) => (
    <fieldset key={language}>
      <legend>{t(`operator.push.languages.${language}`)}</legend>
      {fields.map(({ name, label, maxLength, multiline, required }) => {
        const input = {
          required,
          maxLength,
          value: texts[language][name],
          onChange: (change: { target: { value: string } }) => onEdit(language, name, change.target.value),
        };
        return (
          <label key={name}>
            {t(label)}
            {multiline ? <textarea rows={2} {...input} /> : <input {...input} />}
          </label>
        );
      })}
    </fieldset>
  ));
}
