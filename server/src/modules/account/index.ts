import type { ServerModule } from '../module';

export const accountModule: ServerModule = { name: 'account' };
