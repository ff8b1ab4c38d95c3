// A host told in a chat or by SMS (docs/host-notifications.md): what the outbox keeps of such a
// message, in the host's language, from which the provider's body is made when it is sent.

/** A text message stays within one SMS where it can. */
export const SMS_MAX_LENGTH = 160;

/** How much of a provider's answer the delivery log keeps. */
export const PROVIDER_ANSWER_MAX = 500;

export interface HostChannelMessage {
  /** One line: who arrived where ("Vera Lang has arrived at Harbour HQ"). */
  title: string;
  /** Labelled facts, in order: the visitor, their company, the building, the time. */
  facts: { label: string; value: string }[];
  /** The SMS's text, at most SMS_MAX_LENGTH characters where the names allow. */
  sms: string;
}

/** A text cut to `max` characters, an ellipsis marking the cut. */
export function clipText(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, Math.max(0, max - 1))}…`;
}
