/**
 * A text's Graph body: plain text, or with reply buttons an interactive message (Meta's interactive reply
 * buttons, https://developers.facebook.com/documentation/business-messaging/whatsapp/messages/interactive-reply-buttons-messages:
 * at most 3, titles up to 20 characters; a tap comes back as a `button_reply` with its title).
 */
export function cloudTextBody(text: string, buttons?: readonly string[]): Record<string, unknown> {
  if (!buttons?.length) return { type: 'text', text: { preview_url: false, body: text } };
  return {
    type: 'interactive',
    interactive: {
      type: 'button',
      body: { text },
      action: { buttons: buttons.map((title, i) => ({ type: 'reply', reply: { id: `b${i + 1}`, title } })) },
    },
  };
}
