import net from 'node:net';
import { z } from 'zod';

/** proxy-addr's names for address ranges, accepted by Fastify's trustProxy list. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

export const TRUST_PROXY_TRUE_MESSAGE =
  'não aceita true (confiaria em qualquer X-Forwarded-For, e qualquer um escolheria o próprio endereço): informe quantos proxies há na frente do servidor (ex.: 1) ou os endereços deles (ex.: 10.0.0.5,10.0.1.0/24)';

function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const version = net.isIP(address ?? '');
  if (!version || rest.length) return false;
  if (bits === undefined) return true;
  const n = /^\d{1,3}$/.test(bits) ? Number(bits) : -1;
  return n >= 0 && n <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY, never a bare `true`: a hop count (`1`: one proxy in front; `0` or unset: none) or a
 * comma-separated list of the proxies' addresses, CIDR ranges or proxy-addr's names (loopback,
 * linklocal, uniquelocal). `false` means none. Hand it to Fastify through `fastifyTrustProxy`.
 */
export const trustProxySchema = z
  .preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string().optional())
  .transform((value, ctx): false | number | string[] => {
    if (!value || value === 'false' || value === '0') return false;
    if (value === 'true') {
      ctx.addIssue({ code: 'custom', message: TRUST_PROXY_TRUE_MESSAGE });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((e) => e.trim());
    const wrong = entries.filter((e) => !isAddressOrRange(e));
    if (wrong.length) {
      ctx.addIssue({
        code: 'custom',
        message: `use um número de proxies ou endereços IP/CIDR separados por vírgula (inválido: ${wrong.join(', ') || '(vazio)'})`,
      });
      return z.NEVER;
    }
    return entries;
  });

/**
 * Fastify's `trustProxy` option for a parsed TRUST_PROXY. A list goes as it is. A hop count becomes a
 * function trusting the nearest `hops` addresses whatever they are: Fastify 5.12 takes a bare number
 * as "trust nothing" (it cannot check who the nearest peer is), so a count only suits a server that is
 * reachable through its proxy alone; a list of the proxies' addresses is the stricter choice.
 */
export function fastifyTrustProxy(
  value: false | number | string[],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  return (_address, hop) => hop < value;
}
