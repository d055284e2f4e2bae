import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface WireAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Bytes as they came over the connection (compressed when the server compressed them). */
  wireBytes: number;
  /** The body, decompressed. */
  text: string;
}

/** GET as a browser does (accepting br and gzip), reporting the bytes on the wire; fetch() would hide them. */
export function wireGet(url: string, headers: Record<string, string> = {}): Promise<WireAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { 'accept-encoding': 'gzip, deflate, br', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const body = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, wireBytes: raw.length, text: body.toString('utf8') });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** A portal page's first load: the HTML and every stylesheet and script it references, as a browser fetches them. */
export async function firstLoad(pageUrl: string): Promise<{ page: WireAnswer; files: Array<{ url: string; answer: WireAnswer }>; totalWireBytes: number }> {
  const url = new URL(pageUrl);
  const page = await wireGet(pageUrl);
  const cookie = String(page.headers['set-cookie'] ?? '').split(';')[0];
  const followed = page.status === 303 ? await wireGet(new URL(String(page.headers.location), url).href, { cookie }) : page;
  const refs = [...followed.text.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)].map((m) => new URL(m[1], url).href);
  const files = await Promise.all(refs.map(async (ref) => ({ url: ref, answer: await wireGet(ref, { cookie }) })));
  const total = page.wireBytes + (followed === page ? 0 : followed.wireBytes) + files.reduce((n, f) => n + f.answer.wireBytes, 0);
  return { page: followed, files, totalWireBytes: total };
}
