import { WHATSAPP_OAUTH_POPUP, WHATSAPP_OAUTH_STATE_LENGTH, type WhatsappBusinessConfig } from '@vendai/contracts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random state of 24 letters and digits (docs/product/limits.md), from the browser's CSPRNG without modulo bias. */
export function randomState(
  length = WHATSAPP_OAUTH_STATE_LENGTH,
  random: (buf: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b),
): string {
  let out = '';
  // 248 = 4 × 62: bytes at or above it are dropped so every character is equally likely.
  while (out.length < length) {
    for (const byte of random(new Uint8Array(length * 2))) {
      if (byte < 248 && out.length < length) out += ALPHABET[byte % ALPHABET.length];
    }
  }
  return out;
}

/**
 * The embedded-signup OAuth dialog of the WhatsApp Business Platform (Facebook Login for Business):
 * the app, its configuration id, the scopes, our callback page and the state it must echo back.
 */
export function dialogUrl(config: WhatsappBusinessConfig, opts: { redirectUri: string; state: string }): string {
  const url = new URL(config.dialogUrl);
  url.searchParams.set('client_id', config.appId);
  url.searchParams.set('config_id', config.configId);
  url.searchParams.set('redirect_uri', opts.redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('override_default_response_type', 'true');
  url.searchParams.set('scope', config.scopes.join(','));
  url.searchParams.set('state', opts.state);
  return url.toString();
}

/** window.open features for a 1000×800 popup centred on the current window (docs/product/limits.md). */
export function popupFeatures(win: Pick<Window, 'screenX' | 'screenY' | 'outerWidth' | 'outerHeight'>): string {
  const { width, height } = WHATSAPP_OAUTH_POPUP;
  const left = Math.max(0, Math.round(win.screenX + (win.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(win.screenY + (win.outerHeight - height) / 2));
  return `popup=yes,width=${width},height=${height},left=${left},top=${top}`;
}
