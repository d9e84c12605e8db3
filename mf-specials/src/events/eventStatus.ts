import type { SpecialEvent } from '@velvet/contracts';

export type EventStatus = 'running' | 'upcoming' | 'ended';
export const eventStatus = (event: SpecialEvent): EventStatus =>
  event.hasEnded ? 'ended' : event.hasStarted ? 'running' : 'upcoming';
