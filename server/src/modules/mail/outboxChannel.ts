import type { HostChannelMessage } from '@vestibule/shared';
import type { Db } from '../../db/database.ts';

// The outbox carries a host's message by any channel under one set of retry rules
// (docs/host-notifications.md, "Delivery"): an e-mail over SMTP, or a chat or SMS message handed to
// a channel sender, which answers the provider's answer or throws a ChannelFailure.

export type OutboxChannel = 'EMAIL' | 'SLACK' | 'TEAMS' | 'SMS';

/** What a provider answered, kept for the delivery log. */
export interface ProviderAnswer {
  statusCode: number | null;
  /** The start of its body, bounded (PROVIDER_ANSWER_MAX). */
  body: string | null;
}

/**
 * A chat or SMS message not delivered: `permanent` when trying again cannot help (a 4xx other
 * than 429, the channel not configured): it fails at once, and its e-mail goes instead.
 */
export class ChannelFailure extends Error {
  readonly permanent: boolean;
  readonly answer: ProviderAnswer | null;

  constructor(message: string, options: { permanent: boolean; answer?: ProviderAnswer | null }) {
    super(message);
    this.permanent = options.permanent;
    this.answer = options.answer ?? null;
  }
}

/** A chat or SMS message as the outbox hands it to its sender. */
export interface ChannelMessage {
  id: string;
  tenantId: string | null;
  channel: Exclude<OutboxChannel, 'EMAIL'>;
  /** An SMS's number. */
  to: string | null;
  message: HostChannelMessage;
}

/**
 * Sends one chat or SMS message; answers the provider's answer, or throws (a ChannelFailure says
 * whether to retry). `db` is the outbox's transaction: what the sender reads, it reads in it.
 */
export type ChannelSend = (message: ChannelMessage, db: Db) => Promise<ProviderAnswer>;
