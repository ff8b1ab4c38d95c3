import { describe, expect, it } from 'vitest';
import { cardEscaped, slackBody, slackEscaped, smsForm, teamsBody } from './hostChannelPayloads.ts';

const message = {
  title: 'Eve <https://evil.test|click> has arrived at HQ',
  facts: [
    { label: 'Visitor', value: 'Eve <@U123> & co' },
    { label: 'Company', value: '[click](https://evil.test) *bold*' },
  ],
  sms: 'Eve has arrived at HQ at 09:41.',
};

describe("a provider's body", () => {
  it("Slack: escapes what makes links and mentions, in the text and the section's mrkdwn", () => {
    expect(slackEscaped('<a|b> & <@U1>')).toBe('&lt;a|b&gt; &amp; &lt;@U1&gt;');
    const body = slackBody(message);
    const json = JSON.stringify(body);
    expect(json).not.toContain('<https://');
    expect(json).not.toContain('<@U123>');
    expect(body).toEqual({
      text: 'Eve &lt;https://evil.test|click&gt; has arrived at HQ',
      blocks: [
        {
          type: 'section',
          text: {
            type: 'mrkdwn',
            text: [
              '*Eve &lt;https://evil.test|click&gt; has arrived at HQ*',
              '*Visitor:* Eve &lt;@U123&gt; &amp; co',
              '*Company:* [click](https://evil.test) *bold*',
            ].join('\n'),
          },
        },
      ],
    });
  });

  it('Teams: an Adaptive Card 1.4 whose markdown links are escaped', () => {
    expect(cardEscaped('[a](b) *c* _d_ \\')).toBe('\\[a\\]\\(b\\) \\*c\\* \\_d\\_ \\\\');
    const body = teamsBody(message) as { attachments: { content: { body: { facts?: { value: string }[] }[] } }[] };
    expect(body.attachments[0]!.content.body[1]!.facts![1]!.value).toBe(
      '\\[click\\]\\(https://evil.test\\) \\*bold\\*',
    );
  });

  it('SMS: a form of To, From and Body', () => {
    expect(Object.fromEntries(new URLSearchParams(smsForm(message, '+33612345678', '+14165550100')))).toEqual({
      To: '+33612345678',
      From: '+14165550100',
      Body: 'Eve has arrived at HQ at 09:41.',
    });
  });
});
