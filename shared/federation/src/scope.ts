import { Subject, takeUntil } from 'rxjs';
import type { PlatformApi, PlatformBus } from '@velvet/contracts';

/**
 * A platform whose bus subscriptions all end when the scope is disposed: a remote that forgets to
 * unsubscribe still leaves nothing behind after unmount.
 */
export function scopePlatform(platform: PlatformApi): { platform: PlatformApi; dispose: () => void } {
  const disposed$ = new Subject<void>();
  const bus: PlatformBus = {
    on: (type) => platform.bus.on(type).pipe(takeUntil(disposed$)),
    send: (message) => platform.bus.send(message),
    ready$: platform.bus.ready$.pipe(takeUntil(disposed$)),
  };
  return {
    platform: { ...platform, bus },
    dispose: () => {
      disposed$.next();
      disposed$.complete();
    },
  };
}
