import { Readable } from 'node:stream';
import type { Db } from '../../db/client.ts';
import { CSV_BOM, csvLine } from './csv.ts';
import {
  conversationPages,
  insightPages,
  messagePages,
  readAccount,
  readAgents,
  readCatalogue,
  readKnowledge,
  readNumbers,
  readPromptVersions,
} from './export-repository.ts';
import { readLabels, readNotes } from './export-conversation-tools-repository.ts';
import { readTeam } from './export-team-repository.ts';
import { readFunnel } from './export-funnel-repository.ts';

const CONVERSATION_COLUMNS = [
  'id',
  'numberId',
  'contactJid',
  'contactName',
  'contactPhone',
  'type',
  'agenteAtivo',
  'optedOut',
  'neverAnswer',
  'lastMessage',
  'createdAt',
] as const;
const MESSAGE_COLUMNS = [
  'id',
  'convId',
  'createdAt',
  'direction',
  'author',
  'messageType',
  'status',
  'content',
  'mediaFilename',
  'deletedAt',
] as const;
const MEDIA_COLUMNS = [
  'id',
  'convId',
  'createdAt',
  'messageType',
  'mediaMimetype',
  'mediaFilename',
  'mediaSize',
  'mediaUrl',
] as const;

const INSIGHT_COLUMNS = ['id', 'convId', 'createdAt', 'kind', 'state', 'text', 'reason'] as const;

const README = `Exportação dos seus dados no VendAI.

conta.json              sua conta, perfil, plano, assinatura e horário de atendimento
numeros.json            seus números de WhatsApp
agentes.json            seus agentes de IA (respostas do treinamento e prompt)
versoes-do-prompt.json  o histórico de versões do prompt
conversas.csv           as conversas (um contato por linha)
mensagens.csv           as mensagens de todas as conversas
midias.csv              a lista das mídias (fotos, áudios, vídeos, documentos); a coluna mediaUrl abre o
                        arquivo enquanto você estiver conectado, até o fim do prazo de guarda
catalogo.json           o catálogo de produtos e serviços (itens arquivados incluídos)
conhecimento.json       a base de conhecimento: perguntas frequentes e documentos com o texto de cada trecho
midias-entendidas.csv   o que a IA entendeu das mídias (transcrição de áudio, descrição de imagem, texto de
                        documento); a coluna id é a da mensagem em mensagens.csv
etiquetas.json          suas etiquetas e as conversas (id de conversas.csv) que têm cada uma
notas-internas.json     as notas internas das conversas, com quem escreveu
funil-de-vendas.json    as etapas do funil de vendas e, para cada conversa fora de Novo, a etapa, quem a
                        moveu (a IA ou uma pessoa) e quando
equipe.json             seus atendentes (nome, e-mail, desde quando), os convites enviados e, se você é
                        atendente na equipe de alguém, de quem

Os arquivos CSV usam ';' como separador (Excel e LibreOffice em português abrem em colunas).
`;

/** A CSV file written page by page while the zip is streamed (never the whole table in memory). */
function csvStream<T extends Record<string, unknown>>(
  columns: readonly (keyof T & string)[],
  source: AsyncGenerator<T[]>,
): Readable {
  return Readable.from(
    (async function* () {
      yield Buffer.from(CSV_BOM + csvLine(columns));
      for await (const page of source)
        yield Buffer.from(page.map((row) => csvLine(columns.map((c) => row[c]))).join(''));
    })(),
  );
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

/**
 * 'Exportar meus dados': a zip streamed to the browser with the account's data as JSON (small things)
 * and CSV (conversations, messages, media list). Media files themselves are listed, not copied.
 * `memberId` is the signed-in person's own user (`req.user.actorId`): an owner's is the account itself;
 * an attendant gets what is keyed to them (their team membership), not the owner's account.
 */
export async function exportAccountData(
  db: Db,
  memberId: string,
): Promise<{ filename: string; stream: NodeJS.ReadableStream }> {
  const [account, numberRows, agentRows, versionRows, catalogue, knowledge, labelRows, noteRows, funnel] =
    await Promise.all([
      readAccount(db, memberId),
      readNumbers(db, memberId),
      readAgents(db, memberId),
      readPromptVersions(db, memberId),
      readCatalogue(db, memberId),
      readKnowledge(db, memberId),
      readLabels(db, memberId),
      readNotes(db, memberId),
      readFunnel(db, memberId),
    ]);
  // jszip is loaded on the first export, not at start (docs/performance.md).
  const { default: JSZip } = await import('jszip');
  const zip = new JSZip();
  zip.file('LEIA-ME.txt', README);
  zip.file('conta.json', json({ exportedAt: new Date().toISOString(), ...account }));
  zip.file('numeros.json', json(numberRows));
  zip.file('agentes.json', json(agentRows));
  zip.file('versoes-do-prompt.json', json(versionRows));
  zip.file('catalogo.json', json(catalogue));
  zip.file('conhecimento.json', json(knowledge));
  zip.file('etiquetas.json', json(labelRows));
  zip.file('notas-internas.json', json(noteRows));
  zip.file('funil-de-vendas.json', json(funnel));
  zip.file('equipe.json', json(await readTeam(db, memberId)));
  zip.file('conversas.csv', csvStream(CONVERSATION_COLUMNS, conversationPages(db, memberId)));
  zip.file('mensagens.csv', csvStream(MESSAGE_COLUMNS, messagePages(db, memberId)));
  zip.file('midias.csv', csvStream(MEDIA_COLUMNS, messagePages(db, memberId, true)));
  zip.file('midias-entendidas.csv', csvStream(INSIGHT_COLUMNS, insightPages(db, memberId)));
  const day = new Date().toISOString().slice(0, 10);
  return {
    filename: `vendai-meus-dados-${day}.zip`,
    stream: zip.generateNodeStream({ type: 'nodebuffer', streamFiles: true, compression: 'DEFLATE' }),
  };
}
