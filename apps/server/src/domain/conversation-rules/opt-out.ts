/**
 * Opt-out (decisions 023 and 048): a customer's message that asks VendAI to stop writing to them — 'sair',
 * 'Não quero mais.', 'me tira da lista', 'para de me mandar mensagem', 'não me mande mais nada',
 * 'descadastrar', 'remove meu número' — whatever the case, accents, common typos ('naum', 'msg') or emoji.
 * Read once, when the message arrives: ingestion stores it as a fact (`messages.opt_out`, and the
 * conversation's `opted_out`), and everything after (Resultados' 'Pediram para sair', follow-ups) reads
 * that fact, never the text again. The AI's own reading is the second signal (`opt_out` in its structured
 * answer, domain/ai-reply/structured-reply.ts) for what these rules do not catch.
 *
 * Negation is read within a clause: 'não quero sair', 'não pare de me mandar as promoções' are not
 * opt-outs, 'Não, pare de mandar' is. 'Não quero mais' (and 'não tenho interesse') is one only alone or
 * with politeness, or followed by what VendAI sends ('mensagens', 'receber', 'contato'); followed by an
 * object ('não quero mais o bolo', 'não quero mais nada' closing an order) it is an order change, left
 * to the AI. The phrasings and their verdicts: opt-out.test.ts.
 */

/** Tokens read as one: abbreviations and common typos of the words the rules below look for. */
const CANON: Record<string, string> = {
  n: 'nao',
  naum: 'nao',
  nn: 'nao',
  vc: 'voce',
  vcs: 'voces',
  q: 'que',
  pq: 'porque',
  pra: 'para',
  pro: 'para',
  msg: 'mensagem',
  msgs: 'mensagem',
  mensagens: 'mensagem',
  mensagen: 'mensagem',
  mensagems: 'mensagem',
  mensage: 'mensagem',
  mesagem: 'mensagem',
  menssagem: 'mensagem',
  menssagens: 'mensagem',
  sms: 'mensagem',
  nmr: 'numero',
  telefone: 'numero',
  celular: 'numero',
  contato: 'numero',
  cadastro: 'numero',
  zap: 'numero',
  whats: 'numero',
  whatsapp: 'numero',
  pfv: 'pf',
  pfvr: 'pf',
  pff: 'pf',
  pls: 'pf',
  mas: 'mais', // 'não quero mas' — the typo; 'mas' as 'but' never stands where the rules read 'mais'
  descadastar: 'descadastrar',
  descadrastar: 'descadastrar',
  descadastra: 'descadastrar',
  descadastre: 'descadastrar',
  descadastrem: 'descadastrar',
  descadastro: 'descadastrar',
  desinscrever: 'descadastrar',
  unsubscribe: 'descadastrar',
  interessa: 'interesse',
};

/** Politeness and filler that may surround a short opt-out ('SAIR por favor', 'Não quero mais, obrigado'). */
const FILLER = new Set(
  (
    'pf por favor obrigado obrigada obg obgd brigado brigada valeu vlw grato grata ok ta bom blz beleza ja eu ai ' +
    'aqui agora mesmo entao tchau e viu moco moca amigo amiga gente pessoal sim serio oi ola boa tarde noite dia ' +
    'urgente logo desculpa desculpe'
  ).split(' '),
);

/** A whole message (filler aside) that is an opt-out on its own, unless it is a question ('Para?'). */
const ALONE = new Set([
  'sair',
  'sai',
  'parar',
  'pare',
  'parem',
  'para',
  'stop',
  'descadastrar',
  'remover',
  'chega',
  'basta',
]);

const NEGATION = new Set(['nao', 'nem', 'nunca', 'jamais']);

/** Clause boundary token: punctuation and line breaks end a negation's reach ('Não, pare de mandar'). */
const BREAK = '|';

/** End of a clause, politeness allowed ('me tira daí por favor'). */
const CLAUSE_END =
  '(?=(?: (?:pf|por|favor|obrigad[oa]|obg|ja|agora|viu|ok|tchau|valeu|vlw|blz|serio|mesmo|logo|urgente|dai|daqui|disso))*(?: \\||$))';
/** What VendAI does that a customer asks to stop: sending, writing, calling, bothering. */
const SENDING =
  '(?:me |nos )?(?:mandar|manda|mande|mandem|mandando|enviar|envia|envie|enviem|enviando|escrever|escrevendo|' +
  'chamar|chamando|ligar|ligando|incomodar|incomodando|perturbar|perturbando|encher|enchendo|importunar|' +
  'mensagem|propagandas?|promocao|promocoes|ofertas?|spam|divulgacao|isso|contatar)';
const STOP_VERB = '(?:para|pare|parem|parar|paro|chega|deixa|deixe|deixem|deixar)';
const REMOVE_VERB =
  '(?:tira|tire|tirem|tirar|remove|remova|removam|remover|exclui|exclua|excluam|excluir|apaga|apague|apaguem|' +
  'apagar|deleta|delete|deletem|deletar|descadastrar)';
const PREP = '(?:da|de|do|dessa|desta|deste|desse|das|dos|na|no|nessa)';
const LIST = '(?:lista|listas|transmissao|base|grupo|mailing|sistema|numero|contatos)';
/** Words between 'não' and the verb it negates in 'não quero que vocês me mandem mais'. */
const NEG_MIDDLE =
  '(?:(?:quero|queria|precisa|precisam|pode|podem|vai|vao|e|para|que|voce|voces|mais|fica|ficar|ficam|me|nos) ){0,4}';
const NEG_VERB =
  '(?:me |nos )?(?:mande|mandem|manda|mandar|mandando|envie|enviem|envia|enviar|enviando|chame|chamem|chamar|procure|' +
  'procurem|ligue|liguem|ligar|escreva|escrevam|contate|contatem|incomode|incomodem|perturbe|perturbem)';
/** What 'não me mande mais …' may name and still be about the product, not the messages. */
const PRODUCT_AFTER =
  '(?! (?:o|a|os|as|esse|essa|esses|essas|aquele|aquela|fotos?|audios?|precos?|cardapio|catalogo|endereco|pix|link|valor|bolos?|detalhes)\\b)';

/** Affirmative patterns: an opt-out unless a negation stands just before them in the clause. */
const AFFIRMATIVE: RegExp[] = [
  // 'para de me mandar mensagem', 'pare de enviar', 'chega de mensagem', 'deixa de me encher', 'para com isso'
  new RegExp(`\\b${STOP_VERB} (?:de|d|com) ${SENDING}\\b`),
  // 'Parar de receber' (the campaign template's quick reply, decision 075), 'quero deixar de receber'
  new RegExp(`\\b${STOP_VERB} de receber\\b`),
  // 'pode parar', 'podem parar com isso' (not 'pode parar na portaria')
  new RegExp(`\\bpod(?:e|em) (?:parar|para|pare)(?:${CLAUSE_END}| (?:com|de|d) )`),
  // 'remove meu número', 'exclui meu contato', 'apaga meu cadastro'
  new RegExp(`\\b${REMOVE_VERB} (?:o |a )?(?:meu |minha |nosso |esse |este )numero\\b`),
  new RegExp(`\\b${REMOVE_VERB} (?:o |a )?numero${CLAUSE_END}`),
  // 'me tira da lista', 'me remove do grupo', 'tira meu nome da lista', 'me tira daqui'
  new RegExp(`\\b(?:me|nos) ${REMOVE_VERB} (?:${PREP} )?(?:sua |seu |essa |esta |vossa )?${LIST}\\b`),
  new RegExp(`\\b${REMOVE_VERB} (?:meu nome|meu numero|eu|a gente) ${PREP} (?:sua |seu |essa |esta )?${LIST}\\b`),
  new RegExp(`\\b(?:me|nos) ${REMOVE_VERB}${CLAUSE_END}`),
  // 'sair da lista', 'quero sair', 'gostaria de me descadastrar'
  new RegExp(`\\bsair ${PREP} (?:sua |seu |essa |esta |\\w+ )?${LIST}\\b`),
  new RegExp(`\\b(?:quero|queria|gostaria de|desejo) (?:me )?(?:sair|descadastrar)(?:${CLAUSE_END}| ${PREP} )`),
  // 'quero ser removido', 'gostaria de ser descadastrada'
  /\b(?:quero|queria|gostaria de|desejo|preciso) ser (?:removid|descadastrad|excluid)[oa]\b/,
  /\bcancelar (?:a |minha |essa )?inscricao\b/,
  /\bdescadastrar\b/,
];

/** Negative patterns: the customer's own 'não … mais' is the opt-out ('não me mande mais nada'). */
const NEGATED: RegExp[] = [
  // 'não me mande mais (nada)', 'não quero que vocês me mandem mais', 'nunca mais me mande'
  new RegExp(`\\bnao ${NEG_MIDDLE}${NEG_VERB} (?:\\w+ )?mais\\b${PRODUCT_AFTER}`),
  new RegExp(`\\bnao ${NEG_MIDDLE}${NEG_VERB} mais${CLAUSE_END}`),
  new RegExp(`\\bnao (?:\\w+ ){0,3}mais ${NEG_MIDDLE}${NEG_VERB} (?:nenhuma |nada|mensagem|propagandas?|promoc)`),
  new RegExp(`\\bnunca mais ${NEG_VERB}\\b`),
  // 'não quero mais receber', 'não quero mais contato', 'não quero receber mensagens', 'não quero propaganda'
  /\bnao (?:quero|desejo) mais (?:receber|mensagem|propagandas?|promocao|promocoes|ofertas?|spam|numero|saber|conversa|papo|ser (?:incomodad|perturbad|contatad|chamad)[oa]|falar com voces?\b(?! sobre))/,
  /\bnao (?:quero|desejo) receber (?:mais )?(?:mensagem|propagandas?|promocao|promocoes|ofertas?|spam|nada|nenhuma|essas|esse tipo)/,
  /\bnao (?:quero|desejo) (?:mais )?(?:mensagem|propagandas?|promocoes|spam)\b/,
  /\bnao (?:quero|desejo|gosto de) (?:mais )?ser (?:incomodad|perturbad|contatad)[oa]\b/,
  /\bnao quero mais nada (?:de|com) voces?\b/,
];

/** The message as tokens: no accents, lower case, letters and digits only, abbreviations spelled out. */
function tokensOf(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[.,;:!?\n]+/g, ` ${BREAK} `)
    .split(/[^\p{L}\p{N}|]+/u)
    .filter(Boolean)
    .map((t) => CANON[t] ?? t);
}

/** Whether a negation stands among the (up to) three words before `index`, in the same clause. */
function negatedBefore(joined: string, index: number): boolean {
  const clause = joined.slice(0, index).split(BREAK).at(-1)!;
  return clause
    .trim()
    .split(' ')
    .filter(Boolean)
    .slice(-3)
    .some((t) => NEGATION.has(t));
}

/** The affirmative patterns compiled once with 'g', to walk every match (each message is read on the hot path). */
const AFFIRMATIVE_ALL = AFFIRMATIVE.map((re) => new RegExp(re.source, 'g'));

function anyAffirmative(joined: string): boolean {
  for (const re of AFFIRMATIVE_ALL) {
    re.lastIndex = 0;
    for (let m = re.exec(joined); m; m = re.exec(joined)) if (!negatedBefore(joined, m.index)) return true;
  }
  return false;
}

/** 'não quero mais' / 'não tenho (mais) interesse' alone, politeness aside: the customer wants out. */
function bareRefusal(words: string[]): boolean {
  const text = ` ${words.join(' ')} `;
  const phrase = / nao quero mais | nao tenho (?:mais )?interesse | nao me interess?e mais /.exec(text);
  if (!phrase) return false;
  const rest = (text.slice(0, phrase.index) + text.slice(phrase.index + phrase[0].length)).split(' ').filter(Boolean);
  return rest.every((t) => FILLER.has(t) || ['mais', 'nenhum', 'nao'].includes(t));
}

/**
 * The start of a word every rule above needs (a stop or remove verb, 'pode', 'sair', 'ser', 'cancelar',
 * 'não', 'nunca'), each after a word boundary as in the rule: a message without any — most customer
 * messages — is no opt-out, and the rules' expressions are not run on it (this reads every customer
 * message; docs/performance.md, "The reply path against the round's base").
 */
const MAY_OPT_OUT =
  /\b(?:para|pare|paro|chega|deix|pode|tir|remov|exclu|apag|delet|descadastr|sair|ser|cancelar|nao|nunca)/;

export function isOptOut(text: string | null | undefined): boolean {
  if (!text) return false;
  const tokens = tokensOf(text);
  const words = tokens.filter((t) => t !== BREAK);
  if (words.length === 0) return false;
  const meaningful = words.filter((t) => !FILLER.has(t));
  if (meaningful.length === 1 && ALONE.has(meaningful[0]!) && !text.includes('?')) return true;
  const joined = tokens.join(' ');
  if (!MAY_OPT_OUT.test(joined)) return false;
  if (bareRefusal(words)) return true;
  return NEGATED.some((re) => re.test(joined)) || anyAffirmative(joined);
}
