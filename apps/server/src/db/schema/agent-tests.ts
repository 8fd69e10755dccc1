import type { AgentTestAttempt, AgentTestExpectation, AgentTestKind } from '@vendai/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { agentes } from './app.ts';
import { user } from './auth.ts';

/**
 * 'Testes do assistente' (docs/decisions/039-agent-tests.md): an agent's test cases (a scripted customer
 * and the expectations), its runs (durable: a job works through the pending results; a restart goes on
 * where it stopped) and each case's result per arm (the live prompt, and a draft beside it).
 */
export const agentTestCases = pgTable(
  'agent_test_cases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agentes.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    kind: text('kind').$type<AgentTestKind>().notNull(),
    turns: jsonb('turns').$type<string[]>().notNull(),
    expectation: jsonb('expectation').$type<AgentTestExpectation>().notNull(),
    source: text('source', { enum: ['gerado', 'inbox', 'dono'] }).notNull(),
    /** The inbox message a case was made from ('Adicionar aos testes'): added once. */
    sourceMessageId: uuid('source_message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('agent_test_cases_agent_idx').on(t.agentId, t.createdAt),
    unique('agent_test_cases_message_uq').on(t.agentId, t.sourceMessageId),
  ],
);

export const agentTestRuns = pgTable(
  'agent_test_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agentes.id, { onDelete: 'cascade' }),
    trigger: text('trigger', { enum: ['manual', 'gate', 'nightly', 'model_change'] }).notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    model: text('model').notNull(),
    /** The live prompt when the run was asked for, and the draft beside it (the gate). */
    livePrompt: text('live_prompt').notNull(),
    draftPrompt: text('draft_prompt'),
    cases: integer('cases').notNull(),
    dropFrom: integer('drop_from'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('agent_test_runs_agent_idx').on(t.agentId, t.createdAt.desc()),
    /** One active run per agent. */
    uniqueIndex('agent_test_runs_active_uq')
      .on(t.agentId)
      .where(sql`status in ('queued', 'running')`),
  ],
);

export const agentTestResults = pgTable(
  'agent_test_results',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    runId: uuid('run_id')
      .notNull()
      .references(() => agentTestRuns.id, { onDelete: 'cascade' }),
    /** Copied from the case when the run starts: a case deleted later still shows in its runs. */
    caseId: uuid('case_id').notNull(),
    title: text('title').notNull(),
    kind: text('kind').$type<AgentTestKind>().notNull(),
    turns: jsonb('turns').$type<string[]>().notNull(),
    expectation: jsonb('expectation').$type<AgentTestExpectation>().notNull(),
    arm: text('arm', { enum: ['live', 'draft'] }).notNull(),
    position: integer('position').notNull(),
    status: text('status', { enum: ['pending', 'running', 'passed', 'failed', 'error'] })
      .notNull()
      .default('pending'),
    /** When a worker took it (a claim older than the lease is taken again: the worker died). */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    attempts: jsonb('attempts').$type<AgentTestAttempt[]>().notNull().default([]),
    passes: integer('passes').notNull().default(0),
    runs: integer('runs').notNull().default(0),
    error: text('error'),
  },
  (t) => [
    unique('agent_test_results_uq').on(t.runId, t.caseId, t.arm),
    index('agent_test_results_run_idx').on(t.runId, t.status, t.position),
  ],
);

/** The suite's schedule per agent and the model its last scheduled check saw. */
export const agentTestSettings = pgTable('agent_test_settings', {
  agentId: uuid('agent_id')
    .primaryKey()
    .references(() => agentes.id, { onDelete: 'cascade' }),
  userId: text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' }),
  nightly: boolean('nightly').notNull().default(false),
  /** The model the suite last ran against: a different configured model triggers a run. */
  lastModel: text('last_model'),
  lastNightlyOn: text('last_nightly_on'),
});
