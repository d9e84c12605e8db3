import type { ServerModule } from '../module';

export const chatModule: ServerModule = { name: 'chat' };
