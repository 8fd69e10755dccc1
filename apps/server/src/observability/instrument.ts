import type { Gateway } from '../integrations/gateway/gateway.ts';
import type { ChatRequest, Llm } from '../integrations/llm/llm.ts';
import type { Metrics } from './metrics.ts';

/** The LLM port, timed and counted by the kind of request (reply, prompt-coach…); a tool turn counts as a call. */
export function instrumentLlm(llm: Llm, metrics: Metrics): Llm {
  const timed =
    <T>(call: (request: ChatRequest) => Promise<T>) =>
    async (request: ChatRequest): Promise<T> => {
      const kind = request.task?.kind ?? 'other';
      const end = metrics.aiCall.startTimer({ kind });
      try {
        const result = await call(request);
        end({ outcome: 'ok' });
        return result;
      } catch (err) {
        end({ outcome: 'failed' });
        metrics.aiFailures.inc({ kind });
        throw err;
      }
    };
  const completeTurn = llm.completeTurn?.bind(llm);
  return {
    kind: llm.kind,
    embeddings: llm.embeddings,
    complete: timed((request) => llm.complete(request)),
    ...(completeTurn ? { completeTurn: timed(completeTurn) } : {}),
  };
}

/** The gateway port, every method timed and its failures counted by operation (sendText, connect…). */
export function instrumentGateway(gateway: Gateway, metrics: Metrics): Gateway {
  return new Proxy(gateway, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || typeof property !== 'string') return value;
      return async (...args: unknown[]) => {
        const end = metrics.gatewayCall.startTimer({ operation: property });
        try {
          const result = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
          end({ outcome: 'ok' });
          return result;
        } catch (err) {
          end({ outcome: 'failed' });
          metrics.gatewayFailures.inc({ operation: property });
          throw err;
        }
      };
    },
  });
}
