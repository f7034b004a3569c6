// What a scheduled function reads from its event: EventBridge sets `time` (the local stack's timer too, and a
// test may give a later one to move the clock).

export interface ScheduledEvent {
  time?: string;
}

/** The run's "now": the event's `time` when it is a moment, else the clock. */
export function scheduledMoment(event: ScheduledEvent): Date {
  return event.time && !Number.isNaN(Date.parse(event.time)) ? new Date(event.time) : new Date();
}
