import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../src/config/env.ts';
import { startFakeS3, type FakeS3 } from './helpers/fake-s3.ts';
import { createTestApp, type TestApp, type TestClient } from './helpers/test-app.ts';

/** A tiny valid PNG (1×1). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function person(t: TestApp): Promise<{ client: TestClient; id: string }> {
  const client = t.client();
  await client.registerOk();
  return { client, id: (await client.get('/api/account/me')).json().user.id as string };
}

/** The same checks on each storage implementation, through the app's media route. */
function storageSuite(name: string, setup: () => Promise<{ t: TestApp; cleanup?: () => Promise<void> }>) {
  describe(name, () => {
    let t: TestApp;
    let cleanup: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      ({ t, cleanup } = await setup());
    });
    afterAll(async () => {
      await t?.close();
      await cleanup?.();
    });

    it('save then read returns the same bytes, type and name; the URL serves it to the owner', async () => {
      const ana = await person(t);
      const saved = await t.app.deps.storage.save(ana.id, PNG, {
        mimetype: 'image/png',
        filename: 'foto do produto.png',
      });
      expect(saved.size).toBe(PNG.length);
      expect(saved.key.startsWith(`${ana.id}/`)).toBe(true);
      expect(saved.url).toBe(`/api/media/${saved.key}`);

      const read = await t.app.deps.storage.read(saved.key);
      expect(read).toEqual({ data: PNG, mimetype: 'image/png', filename: 'foto do produto.png', size: PNG.length });

      const res = await ana.client.get(saved.url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-disposition']).toContain('inline');
      expect(res.rawPayload.equals(PNG)).toBe(true);
    });

    it('removeOwner removes every file of one owner and none of another (account deletion)', async () => {
      const ana = await person(t);
      const bruno = await person(t);
      const storage = t.app.deps.storage;
      const anas = await Promise.all([1, 2].map(() => storage.save(ana.id, PNG, { mimetype: 'image/png' })));
      const brunos = await storage.save(bruno.id, PNG, { mimetype: 'image/png' });
      expect(await storage.removeOwner(ana.id)).toBe(2);
      for (const f of anas) expect(await storage.read(f.key)).toBeNull();
      expect((await storage.read(brunos.key))?.data.equals(PNG)).toBe(true);
      expect(await storage.removeOwner(ana.id)).toBe(0);
    });

    it("another signed-in person gets 404 for the owner's file, a signed-out visitor 401", async () => {
      const ana = await person(t);
      const bruno = await person(t);
      const saved = await t.app.deps.storage.save(ana.id, PNG, { mimetype: 'image/png' });
      const other = await bruno.client.get(saved.url);
      expect(other.statusCode).toBe(404);
      expect(other.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Não encontrado.' } });
      expect((await t.client().get(saved.url)).statusCode).toBe(401);
      // Bruno's own key shape with Ana's file name: still not Ana's file.
      const file = saved.key.split('/')[1]!;
      expect((await bruno.client.get(`/api/media/${bruno.id}/${file}`)).statusCode).toBe(404);
    });

    it('unknown and malformed keys are 404, never a path outside the store', async () => {
      const ana = await person(t);
      for (const url of [
        `/api/media/${ana.id}/00000000-0000-0000-0000-000000000000.png`,
        `/api/media/${ana.id}/..%2F..%2Fetc%2Fpasswd`,
        `/api/media/${ana.id}/nada`,
        `/api/media/${ana.id}`,
      ]) {
        const res = await ana.client.get(url);
        expect(res.statusCode, url).toBe(404);
      }
    });

    it('audio supports byte ranges (seeking); HTML is served only as a download', async () => {
      const ana = await person(t);
      const audio = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));
      const savedAudio = await t.app.deps.storage.save(ana.id, audio, { mimetype: 'audio/ogg; codecs=opus' });
      expect(savedAudio.key.endsWith('.ogg')).toBe(true);
      const part = await ana.client.get(savedAudio.url, { range: 'bytes=100-199' });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe('bytes 100-199/1000');
      expect(part.rawPayload.equals(audio.subarray(100, 200))).toBe(true);
      const tail = await ana.client.get(savedAudio.url, { range: 'bytes=-10' });
      expect(tail.rawPayload.equals(audio.subarray(990))).toBe(true);
      expect((await ana.client.get(savedAudio.url, { range: 'bytes=5000-' })).statusCode).toBe(416);

      const html = await t.app.deps.storage.save(ana.id, Buffer.from('<script>alert(1)</script>'), {
        mimetype: 'text/html',
        filename: 'página.html',
      });
      const res = await ana.client.get(html.url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/octet-stream');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="pagina.html"; filename*=UTF-8''p%C3%A1gina.html`,
      );
      expect(res.headers['content-security-policy']).toContain('sandbox');
    });

    it('remove deletes the file', async () => {
      const ana = await person(t);
      const saved = await t.app.deps.storage.save(ana.id, PNG, { mimetype: 'image/png' });
      await t.app.deps.storage.remove(saved.key);
      expect(await t.app.deps.storage.read(saved.key)).toBeNull();
      expect((await ana.client.get(saved.url)).statusCode).toBe(404);
    });
  });
}

storageSuite('local folder storage (default)', async () => {
  const t = await createTestApp();
  expect(t.app.deps.storage.kind).toBe('local');
  return { t };
});

let s3: FakeS3;
storageSuite('S3-compatible storage (S3_BUCKET set)', async () => {
  s3 = await startFakeS3();
  const t = await createTestApp({
    env: {
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_REGION: 'sa-east-1',
    },
  });
  expect(t.app.deps.storage.kind).toBe('s3');
  return { t, cleanup: () => s3.close() };
});

describe('where media goes', () => {
  it('local: files are under DATA_DIR/media/<userId>/', async () => {
    const t = await createTestApp();
    try {
      const saved = await t.app.deps.storage.save('user_abc', PNG, { mimetype: 'image/png' });
      const file = path.join(t.env.dataDir, 'media', ...saved.key.split('/'));
      expect(fs.readFileSync(file).equals(PNG)).toBe(true);
      expect(saved.key).toMatch(/^user_abc\/[0-9a-f-]{36}\.png$/);
    } finally {
      await t.close();
    }
  });

  it('S3: objects go to the bucket by path-style PUT, with the type and the URI-encoded name as metadata', async () => {
    const bucket = await startFakeS3();
    const t = await createTestApp({
      env: {
        S3_BUCKET: bucket.bucket,
        S3_ENDPOINT: bucket.endpoint,
        S3_ACCESS_KEY_ID: bucket.accessKeyId,
        S3_SECRET_ACCESS_KEY: bucket.secretAccessKey,
      },
    });
    try {
      const saved = await t.app.deps.storage.save('user_abc', PNG, {
        mimetype: 'application/pdf',
        filename: 'orçamento.pdf',
      });
      expect(bucket.requests.at(-1)).toEqual({ method: 'PUT', path: `/${bucket.bucket}/${saved.key}` });
      const stored = bucket.objects.get(saved.key)!;
      expect(stored.body.equals(PNG)).toBe(true);
      expect(stored.contentType).toBe('application/pdf');
      expect(stored.metadata.filename).toBe(encodeURIComponent('orçamento.pdf'));
    } finally {
      await t.close();
      await bucket.close();
    }
  });

  it('S3 with a bucket that does not exist fails loudly on save (no silent loss)', async () => {
    const bucket = await startFakeS3();
    const t = await createTestApp({
      env: {
        S3_BUCKET: 'outro-bucket',
        S3_ENDPOINT: bucket.endpoint,
        S3_ACCESS_KEY_ID: bucket.accessKeyId,
        S3_SECRET_ACCESS_KEY: bucket.secretAccessKey,
      },
    });
    try {
      await expect(t.app.deps.storage.save('user_abc', PNG, { mimetype: 'image/png' })).rejects.toThrow(
        /bucket does not exist/,
      );
    } finally {
      await t.close();
      await bucket.close();
    }
  });
});

describe('storage configuration', () => {
  it('S3 credentials come in pairs: one without the other stops the boot with a Portuguese message', () => {
    expect(() => loadEnv({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(
      /S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY: defina os dois/,
    );
    expect(() => loadEnv({ S3_BUCKET: 'b', S3_SECRET_ACCESS_KEY: 's' })).toThrow(/defina os dois/);
    expect(() => loadEnv({ S3_ENDPOINT: 'não é url' })).toThrow(/S3_ENDPOINT/);
  });

  it('path-style defaults to on with an endpoint, and can be set either way', () => {
    expect(loadEnv({ S3_BUCKET: 'b' }).S3_FORCE_PATH_STYLE).toBeUndefined();
    expect(loadEnv({ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'false' }).S3_FORCE_PATH_STYLE).toBe(false);
    expect(loadEnv({ S3_BUCKET: 'b', S3_REGION: '' }).S3_REGION).toBe('us-east-1');
  });
});
