import { serverTexts } from '../../texts';

/** The notifications' texts, written in the guest's language when they are shown. */
export const notificationTexts = serverTexts('notifications', {
  de: {
    actorOnline: 'Dein Favorit {{name}} ist jetzt online',
    message: '{{name}} hat dir eine Nachricht geschrieben',
  },
  en: {
    actorOnline: 'Your favourite {{name}} is online now',
    message: '{{name}} sent you a message',
  },
  nl: {
    actorOnline: 'Je favoriet {{name}} is nu online',
    message: '{{name}} heeft je een bericht gestuurd',
  },
  es: {
    actorOnline: 'Tu favorita {{name}} está en línea',
    message: '{{name}} te ha enviado un mensaje',
  },
});
