import type { IncentiveDefinition } from '@velvet/contracts';
import { DEFAULT_TENANT } from '../federation/tenants';
import type { ModuleContext } from '../module';
import { createIncentive } from './service';

/**
 * The demo's incentives: a top-up coupon offered to a guest about to leave any page, and a sign-up nudge for a
 * visitor whose free preview of a video ended.
 */
const DEMO: IncentiveDefinition[] = [
  {
    tenantId: DEFAULT_TENANT,
    region: 'exitIntent',
    type: 'exitIntent',
    event: 'pageLoad',
    routeName: null,
    audience: 'everyone',
    priority: 10,
    countdownMinutes: null,
    uniqueGroup: 'welcome-coupon',
    actionRoute: null,
    texts: {
      de: {
        title: 'Schon gehen?',
        text: 'Bleib noch: deine erste Aufladung bringt dir 20 % mehr Coins.',
        action: 'Coins aufladen',
      },
      en: {
        title: 'Leaving already?',
        text: 'Stay a little: your first top-up brings 20 % more coins.',
        action: 'Top up coins',
      },
      nl: {
        title: 'Ga je al?',
        text: 'Blijf nog even: je eerste opwaardering geeft 20 % meer coins.',
        action: 'Coins opwaarderen',
      },
      es: {
        title: '¿Ya te vas?',
        text: 'Quédate un poco: tu primera recarga te da un 20 % más de monedas.',
        action: 'Recargar monedas',
      },
    },
  },
  {
    tenantId: DEFAULT_TENANT,
    region: 'videoPlayer',
    type: 'videoPreviewSignup',
    event: 'videoPreviewEnd',
    routeName: null,
    audience: 'visitors',
    priority: 10,
    countdownMinutes: null,
    uniqueGroup: 'preview-signup',
    actionRoute: null,
    texts: {
      de: { title: 'Gefällt dir die Vorschau?', text: 'Melde dich an und sieh das ganze Video.', action: 'Anmelden' },
      en: { title: 'Liked the preview?', text: 'Sign up and watch the whole video.', action: 'Sign up' },
      nl: { title: 'Vond je de preview leuk?', text: 'Meld je aan en bekijk de hele video.', action: 'Aanmelden' },
      es: { title: '¿Te gustó el avance?', text: 'Regístrate y mira el vídeo completo.', action: 'Registrarse' },
    },
  },
];

export async function seedIncentives(ctx: ModuleContext) {
  for (const definition of DEMO) await createIncentive(ctx.db, definition, ctx.now());
}
