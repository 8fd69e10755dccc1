/**
 * A customer asks to see a product: the AI's answer lists the item's id in "fotos", and the engine sends
 * the text, then the catalogue photo through the gateway's sendMedia, stored once as an outgoing image
 * the inbox shows (docs/decisions/025-catalogue-and-price-guard.md). An id the AI invents is never sent.
 * The playground shows the photos the answer would send.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatStructuredReply } from '../src/domain/ai-reply/structured-reply.ts';
import { customerSays, openShop, type Shop, waitFor } from './helpers/engine-harness.ts';
import { useEngineApp, waitEngineIdle } from './helpers/engine-test.ts';
import { askPlayground } from './helpers/playground-ask.ts';

const e = useEngineApp();

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

async function shopWithPhoto(): Promise<{ shop: Shop; itemId: string; photoUrl: string }> {
  const shop = await openShop(e);
  const created = await shop.client.post('/api/catalogue', { name: 'Camiseta básica', priceCents: 4990 });
  expect(created.statusCode, created.body).toBe(201);
  const itemId = created.json().id as string;
  const photo = await shop.client.request({
    method: 'PUT',
    url: `/api/catalogue/${itemId}/photo`,
    payload: PNG,
    headers: { 'content-type': 'image/png' },
  });
  expect(photo.statusCode, photo.body).toBe(200);
  return { shop, itemId, photoUrl: photo.json().photoUrl as string };
}

/** The fake AI answers with the photo of every id it is told, plus one it invents. */
function aiSendsPhotos(text: string) {
  e.llm.respond = async (call) => {
    const request = JSON.stringify(call.body);
    const ids = [...request.matchAll(/\(foto: ([0-9a-f-]{36})\)/g)].map((m) => m[1]!);
    return {
      content: formatStructuredReply({
        reply: text,
        handoff: null,
        needsOwner: null,
        hotLead: false,
        photos: ['00000000-0000-0000-0000-000000000000', ...ids],
      }),
    };
  };
}

async function simulatorSends(shop: Shop) {
  const rows = await e.t.database.db.execute(sql`
    select m.message_type, m.content, m.media_base64 from sim_messages m join sim_instances i on i.id = m.instance_id
    where i.name = ${shop.number.instanceName} and m.from_me and m.remote_jid like '5511977770000%'
    order by m.created_at, m.id`);
  return (rows as unknown as { rows: { message_type: string; content: any; media_base64: string | null }[] }).rows;
}

describe('photos of a product', () => {
  it("'tem foto da camiseta?': the text, then the stored photo once through sendMedia; the inbox shows the image", async () => {
    const { shop, itemId, photoUrl } = await shopWithPhoto();
    aiSendsPhotos('Tenho sim! Olha a Camiseta básica:');
    await customerSays(e, shop, 'tem foto da camiseta?');
    await waitFor(async () => (await simulatorSends(shop)).length === 2, 'the text and the photo');
    await waitEngineIdle(e, shop);

    const sent = await simulatorSends(shop);
    expect(sent.map((m) => m.message_type)).toEqual(['conversation', 'imageMessage']);
    expect(sent[0]!.content.conversation).toBe('Tenho sim! Olha a Camiseta básica:');
    const image = sent[1]!;
    expect(image.content.imageMessage).toMatchObject({ caption: 'Camiseta básica', mimetype: 'image/png' });
    expect(Buffer.from(image.media_base64!, 'base64').equals(PNG)).toBe(true);
    // The AI was told which item has a photo, by its id.
    expect(JSON.stringify(e.llm.calls.at(-1)!.body)).toContain(`(foto: ${itemId})`);

    // The inbox: the AI's text and the image (the catalogue's stored file), each once, both sent.
    const conversations = (await shop.client.get('/api/conversations')).json().items as { id: string }[];
    expect(conversations).toHaveLength(1);
    const messages = (await shop.client.get(`/api/conversations/${conversations[0]!.id}/messages`)).json().items as {
      direction: string;
      author: string;
      messageType: string;
      content: string;
      status: string;
      media: { url: string } | null;
    }[];
    const ours = messages.filter((m) => m.direction === 'out');
    expect(ours.map((m) => [m.author, m.messageType, m.content])).toEqual([
      ['ai', 'text', 'Tenho sim! Olha a Camiseta básica:'],
      ['ai', 'image', 'Camiseta básica'],
    ]);
    const inboxImage = ours[1]!;
    expect(inboxImage.media?.url).toBe(photoUrl);
    expect(['sent', 'delivered', 'read']).toContain(inboxImage.status);
    const served = await shop.client.get(inboxImage.media!.url);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    // The gateway's echo of the photo linked our row: no copy of the file, no second message.
    const [{ n }] = (
      (await e.t.database.db.execute(
        sql`select count(*)::int as n from messages where conv_id = ${conversations[0]!.id} and message_type = 'image'`,
      )) as unknown as { rows: { n: number }[] }
    ).rows as [{ n: number }];
    expect(n).toBe(1);
  });

  it('the playground shows the photos the answer would send (invented ids dropped)', async () => {
    const { shop, itemId, photoUrl } = await shopWithPhoto();
    aiSendsPhotos('Olha só!');
    const res = await askPlayground(shop, 'tem foto da camiseta?');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().photos).toEqual([{ itemId, caption: 'Camiseta básica', url: photoUrl }]);
  });
});
