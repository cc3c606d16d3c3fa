import { describe, expect, it } from 'vitest';
import { connectTimeoutMs } from '../../core/auth/postgres-state-store.js';

describe('the state store URL bounds a connection attempt as libpq does (connect_timeout, seconds)', () => {
  it.each([
    ['postgres://cms@db.internal:5432/cms', 5000],
    ['postgres://cms@db.internal:5432/cms?connect_timeout=2', 2000],
    ['postgres:///cms?host=/run/postgresql&connect_timeout=1', 1000],
    ['postgres://cms@db.internal/cms?connect_timeout=0', 5000],
    ['postgres://cms@db.internal/cms?connect_timeout=soon', 5000],
    ['not a url', 5000],
  ])('%s → %i ms', (url, expected) => {
    expect(connectTimeoutMs(url)).toBe(expected);
  });
});
