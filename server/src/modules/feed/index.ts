import type { ServerModule } from '../module';

export const feedModule: ServerModule = { name: 'feed' };
