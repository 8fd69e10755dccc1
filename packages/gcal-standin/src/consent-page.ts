/** An OAuth client registered at the stand-in (Google Cloud console's 'OAuth client ID'). */
export interface StandinClient {
  clientId: string;
  clientSecret: string;
  /** The authorized redirect URIs: the authorization code flow refuses any other. */
  redirectUris: string[];
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Google's consent page, reduced to what the flow needs: the client and its redirect URI checked, an account, 'Permitir'. */
export function consentPage(
  url: URL,
  clientOf: (id: string | undefined) => StandinClient | undefined,
): [number, string, string] {
  const p = url.searchParams;
  const client = clientOf(p.get('client_id') ?? undefined);
  const page = (title: string, body: string) =>
    `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${title}</title></head><body style="font-family:sans-serif;max-width:28rem;margin:3rem auto">${body}</body></html>`;
  if (!client)
    return [401, 'text/html', page('Erro', '<h1>Erro 401: invalid_client</h1><p>The OAuth client was not found.</p>')];
  const redirectUri = p.get('redirect_uri') ?? '';
  if (!client.redirectUris.includes(redirectUri))
    return [400, 'text/html', page('Erro', '<h1>Erro 400: redirect_uri_mismatch</h1>')];
  if (p.get('response_type') !== 'code' || !p.get('scope'))
    return [400, 'text/html', page('Erro', '<h1>Erro 400: invalid_request</h1>')];
  const hidden = ['client_id', 'redirect_uri', 'scope', 'state', 'access_type']
    .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(p.get(k) ?? '')}">`)
    .join('');
  return [
    200,
    'text/html',
    page(
      'Fazer login com o Google (local)',
      `<h1>Google Agenda (local)</h1><p>O VendAI quer ver e editar os eventos da sua agenda.</p>
<form method="post" action="/o/oauth2/v2/auth/approve">${hidden}
<label>Conta Google <input name="email" type="email" value="profissional@example.com" required></label>
<button type="submit">Permitir</button></form>`,
    ),
  ];
}
