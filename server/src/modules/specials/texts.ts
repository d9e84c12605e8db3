import { serverTexts } from '../../texts';

/** Texts the specials module answers itself (a game's refused attempt), in the caller's language. */
export const specialsTexts = serverTexts('specials', {
  de: {
    game: {
      GAME_NOT_RUNNING: 'Dieses Spiel läuft gerade nicht',
      NO_ATTEMPTS_LEFT: 'Du hast heute keine Versuche mehr',
    },
  },
  en: {
    game: {
      GAME_NOT_RUNNING: 'This game is not running now',
      NO_ATTEMPTS_LEFT: 'You have no attempts left today',
    },
  },
  nl: {
    game: {
      GAME_NOT_RUNNING: 'Dit spel loopt nu niet',
      NO_ATTEMPTS_LEFT: 'Je hebt vandaag geen pogingen meer',
    },
  },
  es: {
    game: {
      GAME_NOT_RUNNING: 'Este juego no está activo ahora',
      NO_ATTEMPTS_LEFT: 'Hoy ya no te quedan intentos',
    },
  },
});
