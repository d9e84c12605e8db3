import { serverTexts } from '../../texts';

/** The notifications' texts, written in the guest's language when they are shown. */
export const notificationTexts = serverTexts('notifications', {
  de: {
    actorOnline: 'Dein Favorit {{name}} ist jetzt online',
    message: '{{name}} hat dir eine Nachricht geschrieben',
    message_picture: '{{name}} hat dir ein Bild geschickt',
    message_clip: '{{name}} hat dir einen Clip geschickt',
    message_audio: '{{name}} hat dir eine Sprachnachricht geschickt',
    showStarting: 'Die Ticketshow von {{name}} beginnt jetzt',
    purchase_video: 'Dein neues Video wartet in deiner Mediathek',
    purchase_album: 'Dein neues Album wartet in deiner Mediathek',
  },
  en: {
    actorOnline: 'Your favourite {{name}} is online now',
    message: '{{name}} sent you a message',
    message_picture: '{{name}} sent you a picture',
    message_clip: '{{name}} sent you a clip',
    message_audio: '{{name}} sent you a voice message',
    showStarting: "{{name}}'s ticket show is starting now",
    purchase_video: 'Your new video is waiting in your media library',
    purchase_album: 'Your new album is waiting in your media library',
  },
  nl: {
    actorOnline: 'Je favoriet {{name}} is nu online',
    message: '{{name}} heeft je een bericht gestuurd',
    message_picture: '{{name}} heeft je een foto gestuurd',
    message_clip: '{{name}} heeft je een clip gestuurd',
    message_audio: '{{name}} heeft je een spraakbericht gestuurd',
    showStarting: 'De ticketshow van {{name}} begint nu',
    purchase_video: 'Je nieuwe video staat klaar in je mediatheek',
    purchase_album: 'Je nieuwe album staat klaar in je mediatheek',
  },
  es: {
    actorOnline: 'Tu favorita {{name}} está en línea',
    message: '{{name}} te ha enviado un mensaje',
    message_picture: '{{name}} te ha enviado una foto',
    message_clip: '{{name}} te ha enviado un clip',
    message_audio: '{{name}} te ha enviado un mensaje de voz',
    showStarting: 'El show con entrada de {{name}} empieza ahora',
    purchase_video: 'Tu nuevo vídeo te espera en tu mediateca',
    purchase_album: 'Tu nuevo álbum te espera en tu mediateca',
  },
});
