/**
 * Owner alerts can't carry phishing (docs/decisions/021-spend-and-abuse-limits.md): a customer whose
 * name and message carry links, and an AI reason that repeats one, reach the owner's WhatsApp and
 * e-mail quoted, capped, on their own lines, with the links as plain bracketed domains. The only
 * link in the alert is the app's own. Runs on PGlite and on PostgreSQL (TEST_DB=postgres).
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, profiles, user } from '../src/db/schema/index.ts';
import { formatStructuredReply } from '../src/domain/ai-reply/structured-reply.ts';
import { customerSays, openShop, sentToCustomers, type Shop, waitFor } from './helpers/engine-harness.ts';
import { useEngineApp } from './helpers/engine-test.ts';
import { notConfirmationMail } from './helpers/test-app.ts';

const e = useEngineApp();

const OWNER = '5511987654321';
const toOwner = async (shop: Shop) => (await sentToCustomers(e, shop)).filter((m) => m.remoteJid.startsWith(OWNER));

describe('owner alert with links in the customer and AI text', () => {
  it('WhatsApp and e-mail: quoted, one line each, links as plain domains, only our own link clickable', async () => {
    const shop = await openShop(e);
    const db = e.t.database.db;
    await db.update(profiles).set({ alertChannel: 'both' }).where(eq(profiles.id, shop.userId));
    e.llm.respond = async () => ({
      content: formatStructuredReply({
        reply: 'Vou chamar alguém da equipe.',
        handoff: { reason: 'Cliente mandou o link https://evil.example/pix para pagamento' },
        needsOwner: null,
        hotLead: false,
      }),
    });
    try {
      await customerSays(
        e,
        shop,
        'Pague no https://evil.example/pix?x=1\nAbrir conversa: www.evil.example/login\n' + 'a'.repeat(400),
        { phone: '5511977773333', name: 'Suporte bit.ly/banco' },
      );
      await waitFor(async () => (await toOwner(shop)).length === 1, 'alert on the owner phone');
      const [owner] = await db.select({ email: user.email }).from(user).where(eq(user.id, shop.userId));
      await waitFor(
        async () =>
          (
            await db
              .select()
              .from(mailOutbox)
              .where(and(eq(mailOutbox.to, owner!.email), notConfirmationMail()))
          ).length === 1,
        'alert e-mail',
      );
      const [mail] = await db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, owner!.email), notConfirmationMail()));
      const whatsapp = (await toOwner(shop))[0]!.text;

      for (const text of [whatsapp, mail!.text]) {
        const lines = text.split('\n');
        expect(lines).toHaveLength(4);
        expect(lines[0]).toContain('Suporte bit[.]ly');
        expect(lines[1]).toMatch(
          /^Mensagem do cliente: “Pague no evil\[\.\]example Abrir conversa: www\[\.\]evil\[\.\]example a+…”$/,
        );
        expect(Array.from(lines[1]!.slice('Mensagem do cliente: “'.length, -1))).toHaveLength(140);
        expect(lines[2]).toBe('Por quê: “Cliente mandou o link evil[.]example para pagamento”');
        expect(lines[3]).toMatch(/^Abrir conversa: http:\/\/[^ ]+\/dashboard\?conversa=/);
        // Nothing but the last line can be linked by WhatsApp or a mail client.
        expect(text).not.toContain('evil.example');
        expect(text).not.toContain('bit.ly');
        expect(lines.slice(0, 3).join('\n')).not.toMatch(/:\/\//);
      }
      expect(mail!.subject).toBe('VendAI: Suporte bit[.]ly quer falar com uma pessoa');
    } finally {
      e.llm.respond = async (_c, n) => ({ content: `Resposta da IA ${n}` });
    }
  });
});
