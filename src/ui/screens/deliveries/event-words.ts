// One wording for the events the hub sends, wherever a screen names one (the delivery log, its filter and
// detail, an order's "Sent to partners"): "Order status changed", not ORDER_STATUS_CHANGED. Words wrap in a
// narrow column where the code does not; the code stays in the payload and in a tooltip for those who search
// the partner's logs for it.

/** "ORDER_STATUS_CHANGED" → "Order status changed"; a type this screen does not know reads the same way. */
export function eventLabel(eventType: string): string {
  const words = eventType.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Who a delivery went to: the application's name, or what is left of it once the application is gone. */
export function recipientLabel(applicationName: string | null | undefined): string {
  return applicationName ?? 'A removed application';
}
