import type { ServerModule } from '../module';

export const tvModule: ServerModule = { name: 'tv' };
