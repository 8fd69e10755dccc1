import { TIMING } from '@vendai/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  hasReferralMarker,
  isReportableEmail,
  REFERRAL_STORAGE_KEY,
  rememberReferralMarker,
  reportReferral,
  reportReferralAfterSignIn,
  type ReferralEnv,
} from './referral';

const apiGet = vi.hoisted(() => vi.fn());
vi.mock('@/lib/api-client', () => ({ api: { get: apiGet } }));

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: vi.fn((key: string) => data.get(key) ?? null),
    setItem: vi.fn((key: string, value: string) => void data.set(key, value)),
  };
}

/** A browser with nothing referral-related in it; each test adds what it needs. */
function makeEnv(overrides: Partial<ReferralEnv> = {}) {
  const fpr = vi.fn();
  const delay = vi.fn(async (_ms: number) => {});
  const env: ReferralEnv = { search: '', cookie: '', storage: memoryStorage(), win: { fpr }, delay, ...overrides };
  return { env, fpr, delay };
}

describe('hasReferralMarker', () => {
  it.each(['fpr', 'fp_ref', 'utm_source', 'utm_campaign', 'utm_medium'])('reconhece o parâmetro %s na URL', (param) => {
    expect(hasReferralMarker(makeEnv({ search: `?page=1&${param}=parceiro` }).env)).toBe(true);
  });

  it('aceita a query string sem o "?" inicial', () => {
    expect(hasReferralMarker(makeEnv({ search: 'fpr=abc' }).env)).toBe(true);
  });

  it('ignora outros parâmetros e parâmetros vazios', () => {
    expect(hasReferralMarker(makeEnv({ search: '?utm_term=x&ref=y&fpr=' }).env)).toBe(false);
  });

  it('reconhece o cookie de rastreamento', () => {
    expect(hasReferralMarker(makeEnv({ cookie: 'theme=dark; _fprom_tid=abc123; other=1' }).env)).toBe(true);
  });

  it('não confunde cookies com nomes parecidos ou vazios', () => {
    expect(hasReferralMarker(makeEnv({ cookie: 'x_fprom_tid=abc; _fprom_tid_old=1; _fprom_tid=' }).env)).toBe(false);
  });

  it("reconhece a marca guardada no localStorage apenas quando vale '1'", () => {
    expect(hasReferralMarker(makeEnv({ storage: memoryStorage({ [REFERRAL_STORAGE_KEY]: '1' }) }).env)).toBe(true);
    expect(hasReferralMarker(makeEnv({ storage: memoryStorage({ [REFERRAL_STORAGE_KEY]: 'true' }) }).env)).toBe(false);
  });

  it('funciona sem localStorage disponível e quando ele lança erro', () => {
    expect(hasReferralMarker(makeEnv({ storage: null }).env)).toBe(false);
    const throwing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {},
    };
    expect(hasReferralMarker(makeEnv({ storage: throwing }).env)).toBe(false);
  });
});

describe('rememberReferralMarker', () => {
  it("grava 'vendai_referral' = '1' quando a URL traz um parâmetro de indicação", () => {
    const storage = memoryStorage();
    expect(rememberReferralMarker({ search: '?utm_campaign=black-friday', storage })).toBe(true);
    expect(storage.setItem).toHaveBeenCalledWith('vendai_referral', '1');
  });

  it('não grava nada sem parâmetro de indicação', () => {
    const storage = memoryStorage();
    expect(rememberReferralMarker({ search: '?q=1', storage })).toBe(false);
    expect(storage.setItem).not.toHaveBeenCalled();
  });

  it('usa a URL e o localStorage do navegador por padrão', () => {
    window.history.replaceState(null, '', '/?fp_ref=ana');
    try {
      window.localStorage.removeItem(REFERRAL_STORAGE_KEY);
      rememberReferralMarker();
      expect(window.localStorage.getItem(REFERRAL_STORAGE_KEY)).toBe('1');
    } finally {
      window.localStorage.removeItem(REFERRAL_STORAGE_KEY);
      window.history.replaceState(null, '', '/');
    }
  });
});

describe('isReportableEmail', () => {
  it.each(['ana@loja.com', 'ana.souza+vendas@clinica.com.br', '  joao@exemplo.io  '])('aceita %s', (email) => {
    expect(isReportableEmail(email)).toBe(true);
  });

  it.each(['', 'ana', 'ana@loja', 'ana@loja.c', '@loja.com', 'ana@.com', 'ana souza@loja.com', 'ana@@loja.com'])(
    'recusa "%s"',
    (email) => {
      expect(isReportableEmail(email)).toBe(false);
    },
  );
});

describe('reportReferral', () => {
  it('envia o e-mail ao rastreador sem esperar quando o cookie de rastreamento já existe', async () => {
    const { env, fpr, delay } = makeEnv({ cookie: '_fprom_tid=abc' });
    await expect(reportReferral('ana@loja.com.br', { tracker: 'fpr', env })).resolves.toBe('sent');
    expect(fpr).toHaveBeenCalledTimes(1);
    expect(fpr).toHaveBeenCalledWith('referral', { email: 'ana@loja.com.br' });
    expect(delay).not.toHaveBeenCalled();
  });

  it(`espera ${TIMING.referralDelayMs} ms antes de enviar quando o cookie ainda não existe`, async () => {
    const order: string[] = [];
    const { env, fpr, delay } = makeEnv({ search: '?fpr=parceiro' });
    delay.mockImplementation(async () => void order.push('delay'));
    fpr.mockImplementation(() => void order.push('fpr'));

    await expect(reportReferral('ana@loja.com', { tracker: 'fpr', env })).resolves.toBe('sent');
    expect(delay).toHaveBeenCalledWith(600);
    expect(order).toEqual(['delay', 'fpr']);
  });

  it('usa um atraso real de 600 ms por padrão', async () => {
    vi.useFakeTimers();
    try {
      const fpr = vi.fn();
      const promise = reportReferral('ana@loja.com', {
        tracker: 'fpr',
        env: { search: '?utm_source=instagram', cookie: '', win: { fpr } },
      });
      await vi.advanceTimersByTimeAsync(599);
      expect(fpr).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      await expect(promise).resolves.toBe('sent');
      expect(fpr).toHaveBeenCalledWith('referral', { email: 'ana@loja.com' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('envia quando a marca vem do localStorage, com o e-mail sem espaços', async () => {
    const { env, fpr } = makeEnv({ storage: memoryStorage({ vendai_referral: '1' }) });
    await expect(reportReferral('  ana@loja.com ', { tracker: 'fpr', env })).resolves.toBe('sent');
    expect(fpr).toHaveBeenCalledWith('referral', { email: 'ana@loja.com' });
  });

  it('chama a função global com o nome configurado', async () => {
    const track = vi.fn();
    const { env, fpr } = makeEnv({ cookie: '_fprom_tid=1', win: { meuRastreador: track } });
    await expect(reportReferral('ana@loja.com', { tracker: 'meuRastreador', env })).resolves.toBe('sent');
    expect(track).toHaveBeenCalledWith('referral', { email: 'ana@loja.com' });
    expect(fpr).not.toHaveBeenCalled();
  });

  it('é ignorado quando não há marca de indicação', async () => {
    const { env, fpr, delay } = makeEnv({ search: '?utm_term=x' });
    await expect(reportReferral('ana@loja.com', { tracker: 'fpr', env })).resolves.toBe('skipped');
    expect(fpr).not.toHaveBeenCalled();
    expect(delay).not.toHaveBeenCalled();
  });

  it('é ignorado quando o e-mail não é válido', async () => {
    const { env, fpr, delay } = makeEnv({ cookie: '_fprom_tid=abc' });
    await expect(reportReferral('ana@loja.c', { tracker: 'fpr', env })).resolves.toBe('skipped');
    expect(fpr).not.toHaveBeenCalled();
    expect(delay).not.toHaveBeenCalled();
  });

  it.each([null, undefined, '', '  '])('é ignorado quando nenhum rastreador está configurado (%s)', async (tracker) => {
    const { env, fpr } = makeEnv({ cookie: '_fprom_tid=abc' });
    await expect(reportReferral('ana@loja.com', { tracker, env })).resolves.toBe('skipped');
    expect(fpr).not.toHaveBeenCalled();
  });

  it('é ignorado quando o script do rastreador não foi carregado', async () => {
    const { env } = makeEnv({ cookie: '_fprom_tid=abc', win: { fpr: 'não é função' } });
    await expect(reportReferral('ana@loja.com', { tracker: 'fpr', env })).resolves.toBe('skipped');
  });

  it('encontra o rastreador carregado durante a espera', async () => {
    const fpr = vi.fn();
    const win: Record<string, unknown> = {};
    const { env } = makeEnv({ search: '?fpr=x', win, delay: async () => void (win.fpr = fpr) });
    await expect(reportReferral('ana@loja.com', { tracker: 'fpr', env })).resolves.toBe('sent');
    expect(fpr).toHaveBeenCalledWith('referral', { email: 'ana@loja.com' });
  });
});

describe('reportReferralAfterSignIn', () => {
  beforeEach(() => {
    apiGet.mockReset();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('busca o nome do rastreador em /api/config e envia a indicação', async () => {
    apiGet.mockResolvedValue({ productName: 'VendAI', referralTracker: 'fpr' });
    const { env, fpr } = makeEnv({ cookie: '_fprom_tid=abc' });
    await expect(reportReferralAfterSignIn('ana@loja.com', env)).resolves.toBe('sent');
    expect(apiGet).toHaveBeenCalledWith('/api/config');
    expect(fpr).toHaveBeenCalledWith('referral', { email: 'ana@loja.com' });
  });

  it('não envia quando a configuração não tem rastreador', async () => {
    apiGet.mockResolvedValue({ productName: 'VendAI', referralTracker: null });
    const { env, fpr } = makeEnv({ cookie: '_fprom_tid=abc' });
    await expect(reportReferralAfterSignIn('ana@loja.com', env)).resolves.toBe('skipped');
    expect(fpr).not.toHaveBeenCalled();
  });

  it('nem consulta a configuração quando a visita não é indicada', async () => {
    const { env, fpr } = makeEnv();
    await expect(reportReferralAfterSignIn('ana@loja.com', env)).resolves.toBe('skipped');
    expect(apiGet).not.toHaveBeenCalled();
    expect(fpr).not.toHaveBeenCalled();
  });

  it('nunca lança: uma falha ao buscar a configuração só vira um aviso no console', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    apiGet.mockRejectedValue(new Error('offline'));
    const { env, fpr } = makeEnv({ cookie: '_fprom_tid=abc' });
    await expect(reportReferralAfterSignIn('ana@loja.com', env)).resolves.toBe('failed');
    expect(fpr).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('nunca lança: um erro do script de rastreamento só vira um aviso no console', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    apiGet.mockResolvedValue({ productName: 'VendAI', referralTracker: 'fpr' });
    const { env, fpr } = makeEnv({ cookie: '_fprom_tid=abc' });
    fpr.mockImplementation(() => {
      throw new Error('script quebrado');
    });
    await expect(reportReferralAfterSignIn('ana@loja.com', env)).resolves.toBe('failed');
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('usa o navegador por padrão: URL, cookie e a função global window.fpr', async () => {
    apiGet.mockResolvedValue({ productName: 'VendAI', referralTracker: 'fpr' });
    const fpr = vi.fn();
    const win = window as unknown as Record<string, unknown>;
    win.fpr = fpr;
    document.cookie = '_fprom_tid=abc; path=/';
    try {
      await expect(reportReferralAfterSignIn('ana@loja.com')).resolves.toBe('sent');
      expect(fpr).toHaveBeenCalledWith('referral', { email: 'ana@loja.com' });
    } finally {
      delete win.fpr;
      document.cookie = '_fprom_tid=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    }
  });
});
