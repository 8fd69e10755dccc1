import type { Db } from '../../db/client.ts';
import type { Llm } from '../../integrations/llm/llm.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import type { RealtimeHub } from '../../realtime/realtime-hub.ts';

/** What a run of the agent's tests uses (run-job.ts, drop-alert.ts). */
export interface AgentTestsDeps {
  db: Db;
  llm: Llm;
  /** The judge model (AI_JUDGE_MODEL, default the reply model). */
  judge: Llm;
  realtime: RealtimeHub;
  mailer: Mailer;
  /** The model the replies come from, recorded on each run ('demo' offline). */
  model: string;
}
