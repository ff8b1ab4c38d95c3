// The integrations feature's entry for other features: the webhook delivery log, also a tab of
// the Logs screen.
export { WebhookDeliveriesLog } from './WebhookDeliveriesLog.tsx';
