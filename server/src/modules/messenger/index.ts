import type { ServerModule } from '../module';

export const messengerModule: ServerModule = { name: 'messenger' };
