import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseModelPrices } from '../../config/model-prices.ts';
import { loadEnv } from '../../config/env.ts';
import { chooseJudgeModel } from './test-models.ts';

/** The judge's model by the configured models' prices (docs/decisions/065-agent-tabs-hints-and-judge.md). */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vendai-judge-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const env = (vars: Record<string, string>) =>
  loadEnv({ DATA_DIR: dataDir, AI_BASE_URL: 'http://127.0.0.1:9/v1', AI_MODEL: 'grande', ...vars });

describe('parseModelPrices', () => {
  it('reads model=input/output entries; a name may hold / and :', () => {
    expect(parseModelPrices('openai/gpt-oss-120b=0.15/0.60, meta:llama=0.1/0.1')).toEqual(
      new Map([
        ['openai/gpt-oss-120b', { input: 0.15, output: 0.6 }],
        ['meta:llama', { input: 0.1, output: 0.1 }],
      ]),
    );
    expect(parseModelPrices(undefined)).toEqual(new Map());
  });

  it('refuses an entry it cannot read, and the server does not start with it', () => {
    for (const bad of ['grande=0.15', 'grande=a/b', '=0.1/0.2', 'grande=0.1/0.2/0.3', 'grande=-1/2'])
      expect(parseModelPrices(bad)).toHaveProperty('error');
    expect(() => env({ AI_MODEL_PRICES: 'grande=0.15' })).toThrow(/AI_MODEL_PRICES/);
  });
});

describe('chooseJudgeModel', () => {
  it('takes the cheapest configured chat model for a judge call', () => {
    const prices = 'grande=0.15/0.60,juiz=0.50/1.50,visao=0.05/0.20';
    expect(chooseJudgeModel(env({ AI_JUDGE_MODEL: 'juiz', AI_MODEL_PRICES: prices }))).toBe('grande');
    expect(
      chooseJudgeModel(env({ AI_JUDGE_MODEL: 'juiz', MEDIA_VISION_MODEL: 'visao', AI_MODEL_PRICES: prices })),
    ).toBe('visao');
    // A vision model on another endpoint, or turned off, is not a candidate.
    expect(
      chooseJudgeModel(
        env({
          MEDIA_VISION_MODEL: 'visao',
          MEDIA_VISION_BASE_URL: 'http://127.0.0.1:8/v1',
          AI_MODEL_PRICES: prices,
        }),
      ),
    ).toBe('grande');
    expect(chooseJudgeModel(env({ MEDIA_VISION_MODEL: 'off', AI_MODEL_PRICES: prices }))).toBe('grande');
    // The judge's call is mostly input: the cheaper input wins over a cheaper output.
    expect(chooseJudgeModel(env({ AI_JUDGE_MODEL: 'juiz', AI_MODEL_PRICES: 'grande=0.30/0.10,juiz=0.10/0.60' }))).toBe(
      'juiz',
    );
  });

  it('a tie keeps AI_JUDGE_MODEL', () => {
    expect(chooseJudgeModel(env({ AI_JUDGE_MODEL: 'juiz', AI_MODEL_PRICES: 'grande=0.1/0.1,juiz=0.1/0.1' }))).toBe(
      'juiz',
    );
  });

  it('without a price for every candidate, AI_JUDGE_MODEL, else AI_MODEL, as before', () => {
    expect(chooseJudgeModel(env({ AI_JUDGE_MODEL: 'juiz' }))).toBe('juiz');
    expect(chooseJudgeModel(env({ AI_JUDGE_MODEL: 'juiz', AI_MODEL_PRICES: 'grande=0.01/0.01' }))).toBe('juiz');
    expect(chooseJudgeModel(env({}))).toBe('grande');
  });
});
