import type { ServerModule } from '../module';

export const specialsModule: ServerModule = { name: 'specials' };
