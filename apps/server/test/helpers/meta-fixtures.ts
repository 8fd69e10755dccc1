/**
 * Meta's documented Cloud API shapes (apps/server/test/fixtures/meta-cloud/, each file citing its page):
 * the adapter (integrations/gateway/cloud-*.ts) and the simulator's stand-in (simulator/cloud/) are both
 * tested against them, so neither can agree with the other on something Meta does differently.
 */
import { readFileSync } from 'node:fs';

type Json = Record<string, unknown>;
/** A Graph answer as the fixtures keep it. */
export interface GraphReply {
  status: number;
  body: Json;
}
/** Meta's error object inside a refusal. */
export interface GraphErrorBody {
  message: string;
  type: string;
  code: number;
  error_subcode?: number;
  error_data?: { messaging_product?: string; details?: string };
}

export function metaFixture<T = Json>(name: string): T {
  return JSON.parse(readFileSync(new URL(`../fixtures/meta-cloud/${name}.json`, import.meta.url), 'utf8')) as T;
}

/** The error object of a fixture's refusal. */
export const errorOf = (reply: GraphReply) => reply.body.error as GraphErrorBody;
