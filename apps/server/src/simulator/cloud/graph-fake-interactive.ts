type Json = Record<string, unknown>;

/** A refusal as Meta answers it (the routes turn it into the Graph error body). */
export interface InteractiveRefusal {
  status: number;
  code: number;
  message: string;
  details: string;
}

const invalid = (details: string): InteractiveRefusal => ({
  status: 400,
  code: 131009,
  message: '(#131009) Parameter value is not valid',
  details,
});

/**
 * An interactive reply-buttons message as strict as Meta
 * (https://developers.facebook.com/documentation/business-messaging/whatsapp/messages/interactive-reply-buttons-messages):
 * `interactive.type` 'button', a body text of 1 to 1024 characters, 1 to 3 buttons of type 'reply', each with
 * an id of 1 to 256 characters and a title of 1 to 20, titles and ids unique in the message. Null: accepted.
 * The stand-in takes only reply buttons (the app sends no lists or CTA buttons).
 */
export function checkInteractive(interactive: Json): InteractiveRefusal | null {
  if (interactive.type !== 'button') return invalid('Interactive type must be button.');
  const text = (interactive.body as Json | undefined)?.text;
  if (typeof text !== 'string' || text.length < 1 || text.length > 1024)
    return invalid('Body text length invalid. Min length: 1, Max length: 1024');
  const buttons = (interactive.action as Json | undefined)?.buttons;
  if (!Array.isArray(buttons) || buttons.length < 1 || buttons.length > 3)
    return invalid('Buttons count invalid. Min: 1, Max: 3');
  const ids = new Set<string>();
  const titles = new Set<string>();
  for (const b of buttons as Json[]) {
    const reply = (b.reply ?? {}) as Json;
    if (b.type !== 'reply') return invalid('Button type must be reply.');
    const { id, title } = reply;
    if (typeof id !== 'string' || id.length < 1 || id.length > 256)
      return invalid('Button id length invalid. Min length: 1, Max length: 256');
    if (typeof title !== 'string' || title.length < 1 || title.length > 20)
      return invalid('Button title length invalid. Min length: 1, Max length: 20');
    if (ids.has(id) || titles.has(title)) return invalid('Button titles and ids must be unique.');
    ids.add(id);
    titles.add(title);
  }
  return null;
}
