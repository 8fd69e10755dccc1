import { KEY_QUESTIONS, type FinishTrainingResult, type TrainingMode } from '@vendai/contracts';
import { ArrowLeft, RefreshCw } from 'lucide-react';
import { useEffect, useReducer, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useFinishTraining } from '../api/finish-training';
import { useGenerateQuestions } from '../api/generate-questions';
import { clearDraft, loadDraft, saveDraft, type DraftOwner } from '../lib/draft-storage';
import {
  answerItems,
  canGoBack,
  initialWizardState,
  keyAnswerItems,
  questionIndex,
  wizardReducer,
  type WizardStep,
} from '../lib/wizard';
import { BusinessFactsCard } from '@/components/business-facts-card';
import { FinishedStep } from './finished-step';
import { NameStep } from './name-step';
import { QuestionStep } from './question-step';

export const ANALYSING_MESSAGE = 'A IA está analisando suas respostas...';
export const WRITING_MESSAGE = 'A IA está escrevendo o roteiro do seu agente...';

/**
 * The training wizard's steps (docs/product/screens.md, docs/product/rules.md#states-and-transitions): the state lives in a reducer mirrored to local
 * storage until completion; the two AI calls go through the server.
 */
export function TrainingWizard({
  owner,
  modeParam,
  initialName,
  onStepChange,
}: {
  owner: DraftOwner;
  modeParam: TrainingMode | null;
  /** Update mode: the agent's current name (the only thing prefilled). */
  initialName: string;
  onStepChange: (step: WizardStep) => void;
}) {
  const [state, dispatch] = useReducer(
    wizardReducer,
    undefined,
    () => loadDraft(owner) ?? initialWizardState(initialName),
  );
  const questions = useGenerateQuestions();
  const finish = useFinishTraining();
  const [result, setResult] = useState<FinishTrainingResult | null>(null);
  const [finishError, setFinishError] = useState<Error | null>(null);
  const requested = useRef(false);

  // Every change is saved until the wizard is finished; then the draft is gone (even on error).
  useEffect(() => {
    if (state.step === 'finalizado') clearDraft();
    else saveDraft(owner, state);
  }, [owner, state]);

  useEffect(() => {
    onStepChange(state.step);
    window.scrollTo({ top: 0 });
  }, [onStepChange, state.step]);

  const respostas = answerItems(state);

  const askQuestions = () => {
    requested.current = true;
    questions.mutate(
      { mode: owner.mode, agentId: owner.agentId ?? undefined, respostas: keyAnswerItems(state) },
      { onSuccess: (set) => dispatch({ type: 'questions', set }) },
    );
  };

  // After the 7th key answer (or a reload while waiting), call A runs once.
  useEffect(() => {
    if (state.step !== 'perguntas-refinamento' || state.refinement) {
      requested.current = false;
      return;
    }
    if (!requested.current && !questions.isPending) askQuestions();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.step, state.refinement]);

  const submitTraining = () => {
    setFinishError(null);
    finish.mutate(
      { mode: owner.mode, agentId: owner.agentId ?? undefined, apelido: state.apelido, respostas },
      {
        onSuccess: (r) => setResult(r),
        onError: (err) => {
          console.error('Falha ao concluir o treinamento', err);
          setFinishError(err);
        },
        onSettled: () => dispatch({ type: 'finished' }),
      },
    );
  };

  if (state.step === 'finalizado') {
    return (
      <FinishedStep
        mode={owner.mode}
        modeParam={modeParam}
        result={result}
        error={finishError}
        retrying={finish.isPending}
        onRetry={submitTraining}
      />
    );
  }

  if (finish.isPending) return <Working label={WRITING_MESSAGE} detail="Isso pode levar alguns segundos." />;

  if (state.step === 'perguntas-chave') {
    const i = questionIndex(state);
    const q = KEY_QUESTIONS[i]!;
    return (
      <QuestionStep
        key={`chave-${i}-${q.pergunta}`}
        eyebrow="Perguntas-chave"
        index={i}
        total={KEY_QUESTIONS.length}
        question={q.pergunta}
        help={q.ajuda}
        example={q.exemplo}
        value={state.input}
        onChange={(text) => dispatch({ type: 'type', text })}
        onSubmit={() => dispatch({ type: 'answer' })}
        onBack={() => dispatch({ type: 'back' })}
        canGoBack={canGoBack(state)}
        submitLabel={i === KEY_QUESTIONS.length - 1 ? 'Continuar' : 'Próxima'}
        footer={
          'facts' in q ? (
            <BusinessFactsCard
              className="mt-4"
              intro="Não precisa repetir estes dados aqui: a IA já recebe os de Configurações em toda resposta."
            />
          ) : null
        }
      />
    );
  }

  if (state.step === 'perguntas-refinamento') {
    if (!state.refinement) {
      if (questions.isError) {
        return (
          <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            <Alert tone="error">{questions.error.message}</Alert>
            <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
              <Button variant="secondary" onClick={() => dispatch({ type: 'back' })}>
                <ArrowLeft aria-hidden />
                Voltar
              </Button>
              <Button onClick={askQuestions}>
                <RefreshCw aria-hidden />
                Tentar novamente
              </Button>
            </div>
          </section>
        );
      }
      return (
        <Working
          label={ANALYSING_MESSAGE}
          detail="Ela está preparando algumas perguntas para conhecer melhor o seu negócio."
        />
      );
    }
    const set = state.refinement;
    const i = questionIndex(state);
    const q = set.perguntas[i]!;
    return (
      <QuestionStep
        key={`refinamento-${i}-${q.pergunta}`}
        eyebrow="Perguntas de refinamento"
        index={i}
        total={set.perguntas.length}
        question={q.pergunta}
        help={q.justificativa || undefined}
        value={state.input}
        onChange={(text) => dispatch({ type: 'type', text })}
        onSubmit={() => dispatch({ type: 'answer' })}
        onBack={() => dispatch({ type: 'back' })}
        canGoBack
        submitLabel={i === set.perguntas.length - 1 ? 'Continuar' : 'Próxima'}
        footer={
          i === 0 && set.contexto ? (
            <p className="mt-4 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600">{set.contexto}</p>
          ) : null
        }
      />
    );
  }

  return (
    <NameStep
      value={state.apelido}
      onChange={(text) => dispatch({ type: 'typeName', text })}
      onSubmit={submitTraining}
      onBack={() => dispatch({ type: 'back' })}
    />
  );
}

function Working({ label, detail }: { label: string; detail: string }) {
  return (
    <section
      className="flex flex-col items-center rounded-2xl border border-slate-200 bg-white px-6 py-14 text-center shadow-sm"
      aria-busy="true"
    >
      <Spinner label={label} className="size-7" />
      <p className="mt-3 max-w-sm text-sm text-slate-600">{detail}</p>
    </section>
  );
}
