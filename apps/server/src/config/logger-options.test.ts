import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger-options.ts';

const pretty = (o: ReturnType<typeof loggerOptions>) => o.transport?.target === 'pino-pretty';

describe('loggerOptions', () => {
  it('development on a terminal: readable lines; piped: JSON', () => {
    expect(pretty(loggerOptions({ NODE_ENV: 'development', LOG_LEVEL: 'info' }, true))).toBe(true);
    expect(pretty(loggerOptions({ NODE_ENV: 'development', LOG_LEVEL: 'info' }, false))).toBe(false);
  });

  it('LOG_FORMAT decides outside production', () => {
    expect(pretty(loggerOptions({ NODE_ENV: 'test', LOG_LEVEL: 'info', LOG_FORMAT: 'pretty' }, false))).toBe(true);
    expect(pretty(loggerOptions({ NODE_ENV: 'development', LOG_LEVEL: 'info', LOG_FORMAT: 'json' }, true))).toBe(false);
  });

  it('production is always JSON, at the level asked', () => {
    expect(loggerOptions({ NODE_ENV: 'production', LOG_LEVEL: 'warn', LOG_FORMAT: 'pretty' }, true)).toEqual({
      level: 'warn',
    });
  });
});
