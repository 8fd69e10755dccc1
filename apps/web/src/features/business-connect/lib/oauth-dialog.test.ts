import { describe, expect, it } from 'vitest';
import { dialogUrl, popupFeatures, randomState } from './oauth-dialog';

describe('randomState', () => {
  it('tem 24 letras e dígitos e muda a cada chamada', () => {
    const a = randomState();
    expect(a).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(randomState()).not.toBe(a);
  });

  it('descarta bytes que enviesariam o alfabeto', () => {
    const bytes = (buf: Uint8Array) => buf.fill(255);
    let calls = 0;
    const mixed = (buf: Uint8Array) => {
      calls += 1;
      return calls === 1 ? bytes(buf) : buf.fill(0);
    };
    expect(randomState(24, mixed)).toBe('A'.repeat(24));
  });
});

describe('dialogUrl', () => {
  it('leva o app, a configuração, os escopos, o retorno e o state', () => {
    const url = new URL(
      dialogUrl(
        {
          appId: '123',
          configId: 'cfg',
          scopes: ['whatsapp_business_management', 'whatsapp_business_messaging'],
          dialogUrl: 'https://www.facebook.com/v21.0/dialog/oauth',
        },
        { redirectUri: 'http://localhost:3000/connect/whatsapp/callback', state: 'S'.repeat(24) },
      ),
    );
    expect(url.origin + url.pathname).toBe('https://www.facebook.com/v21.0/dialog/oauth');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: '123',
      config_id: 'cfg',
      redirect_uri: 'http://localhost:3000/connect/whatsapp/callback',
      response_type: 'code',
      override_default_response_type: 'true',
      scope: 'whatsapp_business_management,whatsapp_business_messaging',
      state: 'S'.repeat(24),
    });
  });
});

describe('popupFeatures', () => {
  it('abre 1000×800 centralizado na janela atual', () => {
    expect(popupFeatures({ screenX: 100, screenY: 50, outerWidth: 1400, outerHeight: 1000 })).toBe(
      'popup=yes,width=1000,height=800,left=300,top=150',
    );
  });
});
