import type { HostChannelMessage } from '@vestibule/shared';

// The bodies each provider is sent (docs/host-notifications.md, "What a host sees"), made from a
// message's texts when it is sent. Whatever a visitor typed is escaped so it cannot make a link or
// a mention: Slack's `&`, `<`, `>`; the markdown of an Adaptive Card.

/** Slack's control characters in mrkdwn: `<https://…|text>` links and `<@U…>` mentions. */
export function slackEscaped(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** An Adaptive Card TextBlock's markdown: links `[text](url)` and emphasis. */
export function cardEscaped(text: string): string {
  return text.replace(/[\\*_[\]()]/g, (character) => `\\${character}`);
}

/** A Slack incoming webhook's body: `text` (notifications, old clients) and one mrkdwn section. */
export function slackBody(message: HostChannelMessage): Record<string, unknown> {
  const lines = message.facts.map((fact) => `*${slackEscaped(fact.label)}:* ${slackEscaped(fact.value)}`);
  return {
    text: slackEscaped(message.title),
    blocks: [
      {
        type: 'section',
        text: { type: 'mrkdwn', text: [`*${slackEscaped(message.title)}*`, ...lines].join('\n') },
      },
    ],
  };
}

/** A Teams incoming webhook's body: a message with one Adaptive Card (1.4): the title and the facts. */
export function teamsBody(message: HostChannelMessage): Record<string, unknown> {
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            { type: 'TextBlock', text: cardEscaped(message.title), weight: 'Bolder', size: 'Medium', wrap: true },
            {
              type: 'FactSet',
              facts: message.facts.map((fact) => ({ title: cardEscaped(fact.label), value: cardEscaped(fact.value) })),
            },
          ],
        },
      },
    ],
  };
}

/** A Twilio-style SMS form: To, From, Body. */
export function smsForm(message: HostChannelMessage, to: string, from: string): string {
  return new URLSearchParams({ To: to, From: from, Body: message.sms }).toString();
}
