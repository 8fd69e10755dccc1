import { z } from 'zod';
import { blank } from './parse.ts';

/** Abuse and spend limits an operator may tune to their traffic (docs/decisions/021-spend-and-abuse-limits.md). Composed by ../env.ts; docs/configuration.md describes each variable. */
export const limitsVariables = {
  /** Attempts per minute per client on sign-in, sign-up and reset requests. */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  /** Playground messages per minute per user (AI calls not counted in the monthly AI messages). */
  PLAYGROUND_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(20),
  /** Runs of an agent's tests asked for per minute per user (each run is many AI calls; docs/decisions/039-agent-tests.md). */
  AGENT_TESTS_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(4),
  /** Wrong sign-ins per client address in 15 minutes, across all e-mails; beyond it sign-in answers 429. */
  AUTH_SIGN_IN_FAILURES_PER_IP: z.preprocess(blank, z.coerce.number().int().positive().default(30)),
  /**
   * Per-address limits count an IPv6 client by its network of this many bits (64: one subscriber's /64
   * is one address; 128: every address on its own). IPv4 addresses, IPv4-mapped ones too, count alone.
   */
  RATE_LIMIT_IPV6_PREFIX: z.preprocess(blank, z.coerce.number().int().min(32).max(128).default(64)),
  /** Sign-ups per client address per hour (attempts that pass the form's validation). */
  SIGN_UPS_PER_ADDRESS_PER_HOUR: z.preprocess(blank, z.coerce.number().int().positive().default(10)),
  /** Password-reset e-mails asked for one e-mail address per day. */
  PASSWORD_RESETS_PER_EMAIL_PER_DAY: z.preprocess(blank, z.coerce.number().int().positive().default(5)),
  /** Feedbacks ("Ajude A Melhorar") per account per day, on top of 5 a minute. */
  FEEDBACK_PER_DAY: z.preprocess(blank, z.coerce.number().int().positive().default(20)),
};
