import { serverTexts } from '../../texts';

/** The texts of the pushes the server writes itself, in the subscription's language. */
export const pushTexts = serverTexts('push', {
  de: {
    actorOnline: {
      title: '{{name}} ist jetzt online',
      body: 'Dein Favorit {{name}} ist gerade live. Schau vorbei und sag Hallo!',
    },
  },
  en: {
    actorOnline: {
      title: '{{name}} is online now',
      body: 'Your favourite {{name}} just went live. Drop by and say hello!',
    },
  },
  nl: {
    actorOnline: {
      title: '{{name}} is nu online',
      body: 'Je favoriet {{name}} is net live gegaan. Kom langs en zeg hallo!',
    },
  },
  es: {
    actorOnline: {
      title: '{{name}} está en línea',
      body: 'Tu favorita {{name}} acaba de conectarse. ¡Pásate a saludar!',
    },
  },
});
