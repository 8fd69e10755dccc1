import { AGENT_TESTS } from '@vendai/contracts';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/**
 * How each monthly allowance of a plan is counted (docs/product/limits.md), under the plan cards: the
 * owner knows before testing what a test costs, and where to see what was used.
 */
export function AllowancesExplained() {
  return (
    <section
      aria-labelledby="allowances-title"
      className="mt-10 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="allowances-title" className="text-base font-semibold text-slate-900">
        Como os limites do plano são contados
      </h2>
      <dl className="mt-3 grid gap-4 text-sm sm:grid-cols-3">
        <div>
          <dt className="font-semibold text-slate-900">Mensagens de IA</dt>
          <dd className="mt-1 text-slate-600">
            Cada resposta da IA a um cliente no WhatsApp (uma resposta dividida em vários balões conta uma vez).
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">Mensagens de teste</dt>
          <dd className="mt-1 text-slate-600">
            Playground: 1 por mensagem enviada. Testes do assistente: 1 por fala do cliente em cada teste, mais a
            avaliação do juiz; um teste com critério roda {AGENT_TESTS.judgedRuns} vezes. Treinadora de Prompt: 1 por
            mensagem. Não contam nas respostas aos clientes.
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">Usos de IA</dt>
          <dd className="mt-1 text-slate-600">
            Listas de preços lidas pela IA, perguntas do treinamento e transcrições ou descrições que você pede numa
            conversa.
          </dd>
        </div>
      </dl>
      <p className="mt-4 text-sm text-slate-600">
        Todos renovam no início de cada mês. Veja quanto já usou em{' '}
        <Link to={paths.usage.getHref()} className="font-semibold text-brand-700 underline underline-offset-4">
          Uso do plano
        </Link>
        .
      </p>
    </section>
  );
}
