import type { Language } from '@velvet/contracts';

/**
 * The demo performers' side of a chat, so the demo site feels alive: a greeting when a chat starts and short, varied
 * answers to the guest's messages in the guest's language, after a pause a person would need to type.
 */

const GREETINGS: Record<Language, readonly string[]> = {
  de: [
    'Hey, schön dass du da bist! 😊',
    'Hallo du! Wie geht es dir heute?',
    'Hi! Ich hab mich schon auf dich gefreut.',
  ],
  en: [
    'Hey, so nice to see you! 😊',
    'Hi there! How is your day going?',
    'Hello you! I was hoping someone nice would come by.',
  ],
  nl: ['Hé, leuk dat je er bent! 😊', 'Hoi! Hoe gaat het met je vandaag?', 'Hallo jij! Fijn dat je langskomt.'],
  es: ['¡Hola, qué bien que estés aquí! 😊', '¡Hola! ¿Qué tal tu día?', '¡Hola guapo! Me alegra verte.'],
};

const REPLIES: Record<Language, readonly string[]> = {
  de: [
    'Erzähl mir mehr 😉',
    'Das gefällt mir!',
    'Haha, du bist süß.',
    'Und was machst du so heute Abend?',
    'Mmh, gute Idee…',
    'Ich bin ganz bei dir.',
    'Woher kommst du eigentlich?',
  ],
  en: [
    'Tell me more 😉',
    'I like that!',
    'Haha, you are sweet.',
    'So what are you up to tonight?',
    'Mmh, good idea…',
    "I'm all yours.",
    'Where are you from, by the way?',
  ],
  nl: [
    'Vertel me meer 😉',
    'Dat vind ik leuk!',
    'Haha, je bent lief.',
    'En wat ga jij vanavond doen?',
    'Mmh, goed idee…',
    'Ik ben helemaal van jou.',
    'Waar kom je eigenlijk vandaan?',
  ],
  es: [
    'Cuéntame más 😉',
    '¡Me gusta!',
    'Jaja, eres un encanto.',
    '¿Y qué haces esta noche?',
    'Mmm, buena idea…',
    'Soy toda tuya.',
    '¿De dónde eres, por cierto?',
  ],
};

/** A reply comes after 1 to 4 seconds. */
export const BOT_REPLY_DELAY_MS = { min: 1000, max: 4000 } as const;

const pick = (lines: readonly string[], random: () => number) => lines[Math.floor(random() * lines.length)]!;

export const botGreeting = (language: Language, random: () => number = Math.random) =>
  pick(GREETINGS[language], random);

/** A reply that differs from the performer's previous line when there is one. */
export function botReply(language: Language, previous: string | null, random: () => number = Math.random): string {
  const lines = REPLIES[language].filter((line) => line !== previous);
  return pick(lines, random);
}

export const botReplyDelayMs = (random: () => number = Math.random) =>
  Math.round(BOT_REPLY_DELAY_MS.min + random() * (BOT_REPLY_DELAY_MS.max - BOT_REPLY_DELAY_MS.min));
