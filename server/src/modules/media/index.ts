import type { ServerModule } from '../module';

export const mediaModule: ServerModule = { name: 'media' };
