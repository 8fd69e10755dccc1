/**
 * A minimal S3-compatible server on 127.0.0.1 (path-style PutObject, GetObject, HeadObject,
 * DeleteObject and ListObjectsV2 by prefix on one bucket), enough to drive the app's S3 storage through the real AWS SDK over
 * HTTP. It refuses requests that are not SigV4-signed with the expected access key, like S3 would.
 */
import http from 'node:http';

export interface FakeS3 {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, { body: Buffer; contentType: string; metadata: Record<string, string> }>;
  requests: { method: string; path: string }[];
  close(): Promise<void>;
}

export async function startFakeS3(): Promise<FakeS3> {
  const bucket = 'vendai-media';
  const accessKeyId = 'TESTACCESSKEY';
  const secretAccessKey = 'test-secret-key';
  const objects: FakeS3['objects'] = new Map();
  const requests: FakeS3['requests'] = [];

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const [, reqBucket, ...rest] = url.pathname.split('/');
    const key = rest.map(decodeURIComponent).join('/');
    requests.push({ method: req.method ?? '', path: url.pathname });
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const auth = req.headers.authorization ?? '';
      if (!auth.startsWith('AWS4-HMAC-SHA256 ') || !auth.includes(`Credential=${accessKeyId}/`)) {
        return xmlError(res, 403, 'AccessDenied', 'Access Denied');
      }
      if (reqBucket !== bucket) return xmlError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist');
      if (req.method === 'PUT') {
        const metadata: Record<string, string> = {};
        for (const [name, value] of Object.entries(req.headers)) {
          if (name.startsWith('x-amz-meta-') && typeof value === 'string') metadata[name.slice(11)] = value;
        }
        objects.set(key, {
          body: Buffer.concat(chunks),
          contentType: req.headers['content-type'] ?? 'binary/octet-stream',
          metadata,
        });
        res.writeHead(200, { etag: '"fake"' }).end();
        return;
      }
      if (req.method === 'GET' && key === '' && url.searchParams.get('list-type') === '2') {
        const prefix = url.searchParams.get('prefix') ?? '';
        const keys = [...objects.keys()].filter((k) => k.startsWith(prefix)).sort();
        const contents = keys
          .map((k) => `<Contents><Key>${k}</Key><Size>${objects.get(k)!.body.length}</Size></Contents>`)
          .join('');
        res.writeHead(200, { 'content-type': 'application/xml' });
        res.end(
          `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
            `<Name>${bucket}</Name><Prefix>${prefix}</Prefix><KeyCount>${keys.length}</KeyCount><MaxKeys>1000</MaxKeys>` +
            `<IsTruncated>false</IsTruncated>${contents}</ListBucketResult>`,
        );
        return;
      }
      const obj = objects.get(key);
      if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204).end();
        return;
      }
      if (!obj) return xmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
      const headers: Record<string, string> = {
        'content-type': obj.contentType,
        'content-length': String(obj.body.length),
        etag: '"fake"',
        'last-modified': new Date().toUTCString(),
      };
      for (const [name, value] of Object.entries(obj.metadata)) headers[`x-amz-meta-${name}`] = value;
      res.writeHead(200, headers);
      res.end(req.method === 'HEAD' ? undefined : obj.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId,
    secretAccessKey,
    objects,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function xmlError(res: http.ServerResponse, status: number, code: string, message: string) {
  res
    .writeHead(status, { 'content-type': 'application/xml' })
    .end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`);
}
