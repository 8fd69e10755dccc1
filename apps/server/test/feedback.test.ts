import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FEEDBACK_DUPLICATE_MESSAGE,
  FEEDBACK_EMAIL_INVALID,
  FEEDBACK_RATE_LIMITED_MESSAGE,
  FEEDBACK_REQUIRED_MESSAGE,
} from '@vendai/contracts';
import { mailOutbox, sugestoes } from '../src/db/schema/index.ts';
import { FEEDBACK_PER_MINUTE } from '../src/modules/feedback/feedback-routes.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { signedIn as signInNew } from './training-helpers.ts';

const SUPPORT = 'ajuda@vendai.test';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SUPPORT_EMAIL: SUPPORT } });
});
afterAll(async () => {
  await t?.close();
});

const signedIn = () => signInNew(t);
const rowsOf = (userId: string) => t.database.db.select().from(sugestoes).where(eq(sugestoes.uid, userId));

describe('POST /api/feedback', () => {
  it('stores the feedback in sugestoes and mails it to the support address through the outbox', async () => {
    const { client, userId } = await signedIn();
    const res = await client.post('/api/feedback', {
      tipo: 'bug',
      email: '  cliente@exemplo.com.br ',
      sugestao: '  O botão de enviar some no celular.  ',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(String), created_at: expect.any(String) });

    const rows = await rowsOf(userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      tipo: 'bug',
      email: 'cliente@exemplo.com.br',
      sugestao: 'O botão de enviar some no celular.',
    });

    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, SUPPORT));
    const mail = mails.find((m) => m.text.includes(userId));
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe('[VendAI] Bug: O botão de enviar some no celular.');
    expect(mail!.text).toContain('Responder para: cliente@exemplo.com.br');
    expect(mail!.text).toContain('O botão de enviar some no celular.');
  });

  it('keeps a blank e-mail as none', async () => {
    const { client, userId } = await signedIn();
    expect(
      (await client.post('/api/feedback', { tipo: 'geral', email: '', sugestao: 'Adorei o painel.' })).statusCode,
    ).toBe(201);
    expect(
      (await client.post('/api/feedback', { tipo: 'sugestao', sugestao: 'Modo escuro, por favor.' })).statusCode,
    ).toBe(201);
    expect((await rowsOf(userId)).map((r) => r.email)).toEqual([null, null]);
  });

  it('refuses a missing type, an unknown type, a blank message and a bad e-mail with the spec’s Portuguese message', async () => {
    const { client, userId } = await signedIn();
    for (const body of [
      { sugestao: 'Sem tipo' },
      { tipo: 'elogio', sugestao: 'Tipo desconhecido' },
      { tipo: 'bug', sugestao: '   \n ' },
      { tipo: 'bug' },
    ]) {
      const res = await client.post('/api/feedback', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION', message: FEEDBACK_REQUIRED_MESSAGE });
    }
    const bad = await client.post('/api/feedback', { tipo: 'bug', email: 'não-é-email', sugestao: 'Texto' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ email: FEEDBACK_EMAIL_INVALID });
    expect(await rowsOf(userId)).toHaveLength(0);
  });

  it('needs a signed-in user', async () => {
    const res = await t.client().post('/api/feedback', { tipo: 'bug', sugestao: 'Anônimo' });
    expect(res.statusCode).toBe(401);
  });

  it('answers the same text again within a few seconds as a duplicate, and accepts it once the window passed', async () => {
    const { client, userId } = await signedIn();
    const body = { tipo: 'sugestao', sugestao: 'Exportar as conversas em PDF.' };
    expect((await client.post('/api/feedback', body)).statusCode).toBe(201);
    const again = await client.post('/api/feedback', { ...body, sugestao: ' Exportar as conversas em PDF. ' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(FEEDBACK_DUPLICATE_MESSAGE);
    // A different text is not a duplicate.
    expect((await client.post('/api/feedback', { ...body, sugestao: 'Exportar em CSV também.' })).statusCode).toBe(201);
    // Another person may send the same words.
    expect((await (await signedIn()).client.post('/api/feedback', body)).statusCode).toBe(201);
    // The first one is now older than the window: the same text is a new feedback.
    await t.database.db
      .update(sugestoes)
      .set({ createdAt: sql`now() - interval '1 minute'` })
      .where(eq(sugestoes.uid, userId));
    expect((await client.post('/api/feedback', body)).statusCode).toBe(201);
    expect(await rowsOf(userId)).toHaveLength(3);
  });

  it('refuses two identical feedbacks sent at the same time but once', async () => {
    const { client, userId } = await signedIn();
    const body = { tipo: 'bug', sugestao: 'Clique duplo no enviar.' };
    const codes = (await Promise.all([client.post('/api/feedback', body), client.post('/api/feedback', body)]))
      .map((r) => r.statusCode)
      .sort();
    expect(codes).toEqual([201, 409]);
    expect(await rowsOf(userId)).toHaveLength(1);
  });

  it('limits each user to a few feedbacks a minute, without limiting other users', async () => {
    const { client, userId } = await signedIn();
    for (let i = 0; i < FEEDBACK_PER_MINUTE; i++) {
      expect((await client.post('/api/feedback', { tipo: 'geral', sugestao: `Ideia número ${i}` })).statusCode).toBe(
        201,
      );
    }
    const limited = await client.post('/api/feedback', { tipo: 'geral', sugestao: 'Mais uma ideia' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toEqual({ code: 'RATE_LIMITED', message: FEEDBACK_RATE_LIMITED_MESSAGE });
    expect(await rowsOf(userId)).toHaveLength(FEEDBACK_PER_MINUTE);
    expect(
      (await (await signedIn()).client.post('/api/feedback', { tipo: 'geral', sugestao: 'Outra pessoa' })).statusCode,
    ).toBe(201);
  });
});
