import { z } from 'zod';
import type { ToolCall, ToolDefinition } from '../../integrations/llm/llm.ts';
import type { FactSource } from '../facts/fact-source.ts';
import type { FactLookup, LookupSource } from '../facts/lookup-facts.ts';

/**
 * The lookup tools an answer may call (docs/decisions/027-tool-calls-and-retrieved-context.md): the
 * catalogue and the knowledge base, searched for the words the AI chose; the results are the same
 * fact records, with their sources, as the retrieved context.
 */

const lookupArguments = z.object({
  consulta: z
    .string({ error: 'consulta deve ser um texto' })
    .trim()
    .min(2, 'consulta vazia')
    .max(200, 'consulta longa demais (no máximo 200 caracteres)')
    .describe('As palavras a buscar, em português (ex.: "bolo de cenoura", "taxa de entrega").'),
});

/** The JSON schema of the arguments, from the same zod schema that checks them. */
const { $schema: _schema, ...lookupParameters } = z.toJSONSchema(lookupArguments) as Record<string, unknown>;

const TOOLS: Record<string, { where: LookupSource; description: string }> = {
  buscar_catalogo: {
    where: 'catalogue',
    description:
      'Busca no catálogo do negócio produtos e serviços (nome, preço, opções, disponibilidade, foto). ' +
      'Use quando o cliente perguntar por um item que não está nas informações do negócio já dadas.',
  },
  buscar_conhecimento: {
    where: 'knowledge',
    description:
      'Busca nas perguntas frequentes e nos documentos do negócio (entrega, horários, pagamento, garantia, trocas). ' +
      'Use quando a resposta não estiver nas informações do negócio já dadas.',
  },
};

export const REPLY_TOOLS: ToolDefinition[] = Object.entries(TOOLS).map(([name, t]) => ({
  name,
  description: t.description,
  parameters: lookupParameters,
}));

/** A tool's result as the model reads it (JSON), and the sources it brought. */
export interface ToolResult {
  content: string;
  found: FactSource[];
}

const error = (erro: string): ToolResult => ({ content: JSON.stringify({ erro }), found: [] });

/**
 * Runs one call: an unknown tool or arguments that are not `{consulta}` get an error the model can
 * read and correct (nothing is searched); otherwise the matching sources, each as
 * `{fonte, texto, foto?}` like a line of the facts message.
 */
export async function runReplyTool(call: ToolCall, lookup: FactLookup): Promise<ToolResult> {
  const tool = Object.hasOwn(TOOLS, call.name) ? TOOLS[call.name] : undefined;
  if (!tool) return error(`Ferramenta desconhecida: ${call.name}. Use ${Object.keys(TOOLS).join(' ou ')}.`);
  let raw: unknown;
  try {
    raw = JSON.parse(call.arguments || '{}');
  } catch {
    return error('Argumentos inválidos: envie um JSON como {"consulta": "bolo de cenoura"}.');
  }
  const args = lookupArguments.safeParse(raw);
  if (!args.success)
    return error(
      `Argumentos inválidos: ${args.error.issues.map((i) => i.message).join('; ')}. Envie {"consulta": "..."}.`,
    );
  const found = await lookup(tool.where, args.data.consulta);
  const resultados = found.map((s) => ({
    fonte: s.label,
    texto: s.text,
    ...(s.kind === 'product' && s.photoKey ? { foto: s.id } : {}),
  }));
  return {
    content: JSON.stringify(resultados.length ? { resultados } : { resultados, aviso: 'Nada encontrado.' }),
    found,
  };
}
