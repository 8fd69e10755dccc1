import type { AgentTestsDeps } from './agent-tests-deps.ts';
import { latestRuns, runSummary, setDropFrom } from './runs-repository.ts';
import { selectAccountEmail } from './settings-repository.ts';

type FinishedRun = Parameters<typeof runSummary>[1];

/**
 * A scheduled run (nightly, or after the configured model changed) that passes fewer cases than the run
 * before it alerts the owner: the run keeps how many passed before (the page and Resultados show it) and
 * an e-mail goes to the account's address.
 */
export async function alertOnDrop(deps: AgentTestsDeps, run: FinishedRun): Promise<void> {
  if (run.trigger !== 'nightly' && run.trigger !== 'model_change') return;
  const [, previous] = await latestRuns(deps.db, run.userId, run.agentId, 2, true);
  if (!previous || previous.id === run.id) return;
  const [now, before] = await Promise.all([runSummary(deps.db, run), runSummary(deps.db, previous)]);
  if (now.passedLive >= before.passedLive) return;
  await setDropFrom(deps.db, run.id, before.passedLive);
  const email = await selectAccountEmail(deps.db, run.userId);
  if (!email) return;
  const why = run.trigger === 'model_change' ? `depois da troca do modelo de IA (${run.model})` : 'na rodada da noite';
  await deps.mailer.send({
    to: email,
    subject: 'Os testes do seu assistente pioraram',
    text: [
      `Os testes do seu assistente passaram em ${now.passedLive} de ${now.cases} casos ${why}; antes eram ${before.passedLive}.`,
      'Abra “Testes do assistente” no VendAI para ver quais respostas pioraram.',
    ].join('\n\n'),
  });
}
