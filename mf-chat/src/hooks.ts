import { useEffect, useRef } from 'react';
import { usePlatform } from '@velvet/federation';

/** Calls `onChange(actorId, isOnline)` for every actorOnline / actorOffline push while mounted. */
export function useActorOnlineChanges(onChange: (actorId: number, isOnline: boolean) => void): void {
  const { bus } = usePlatform();
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  useEffect(() => {
    const online = bus.on('actorOnline').subscribe((message) => onChangeRef.current(message.actorId, true));
    const offline = bus.on('actorOffline').subscribe((message) => onChangeRef.current(message.actorId, false));
    return () => {
      online.unsubscribe();
      offline.unsubscribe();
    };
  }, [bus]);
}
