import { type WebhookEvent, webhookEvents } from '@vestibule/shared';

// The events an endpoint listens to (docs/webhooks.md), grouped by the object they tell of, as the
// dialog offers them and the catalogue names them (`integrations.events.visit.checked_in`).

export const webhookEventGroups = ['visit', 'person', 'booking'] as const;
export type WebhookEventGroup = (typeof webhookEventGroups)[number];

/** The events of one group, in the catalogue's order. */
export function eventsOf(group: WebhookEventGroup): WebhookEvent[] {
  return webhookEvents.filter((event) => event.startsWith(`${group}.`));
}
