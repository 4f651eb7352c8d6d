// Identifying a pasted record: only the newest question is answered, so
// that an answer to an older text never chooses the game for a newer one.
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { ApiError } from '../src/api';
import { Identity, RecordIdentifier } from '../src/record_identify';

const identity = (game: string): Identity =>
  ({ game, variant: '', format: 'PGN', by: 'tags', sure: true, plies: 0, why: { en: game, zh: game }, readings: [] });

beforeEach(() => { vi.useFakeTimers(); });
afterEach(() => { vi.useRealTimers(); });

test('a text is asked about after the pause', async () => {
  const asked: string[] = [];
  const identifier = new RecordIdentifier(async (text) => { asked.push(text); return identity('chess'); });
  const answer = identifier.identify('1. e4', 250);
  await vi.advanceTimersByTimeAsync(249);
  expect(asked).toEqual([]);
  await vi.advanceTimersByTimeAsync(1);
  expect(await answer).toEqual({ identity: identity('chess') });
  expect(asked).toEqual(['1. e4']);
});

test('a newer text during the pause drops the older one unasked', async () => {
  const asked: string[] = [];
  const identifier = new RecordIdentifier(async (text) => { asked.push(text); return identity(text); });
  const older = identifier.identify('1. e4');
  await vi.advanceTimersByTimeAsync(100);
  const newer = identifier.identify('1. c3-d4');
  await vi.advanceTimersByTimeAsync(250);
  expect(await older).toBeNull();
  expect(await newer).toEqual({ identity: identity('1. c3-d4') });
  expect(asked).toEqual(['1. c3-d4']);
});

test('an answer that comes after a newer question, or after the box was emptied, is dropped', async () => {
  let answerFirst: (id: Identity) => void = () => {};
  const identifier = new RecordIdentifier((text) => (text === 'first' ? new Promise((resolve) => { answerFirst = resolve; }) : Promise.resolve(identity(text))));
  const first = identifier.identify('first', 0);
  await vi.advanceTimersByTimeAsync(0);
  const second = identifier.identify('second', 0);
  answerFirst(identity('first'));
  await vi.advanceTimersByTimeAsync(0);
  expect(await first).toBeNull();
  expect(await second).toEqual({ identity: identity('second') });
  const third = identifier.identify('third', 10);
  identifier.forget();
  await vi.advanceTimersByTimeAsync(10);
  expect(await third).toBeNull();
});

test('a refusal is the answer, as an ApiError', async () => {
  const identifier = new RecordIdentifier(async () => { throw new ApiError('no game reads it', 'unknown_record'); });
  const answer = identifier.identify('???', 0);
  await vi.advanceTimersByTimeAsync(0);
  const got = await answer;
  expect(got && 'error' in got && got.error.code).toBe('unknown_record');
  const other = new RecordIdentifier(async () => { throw new Error('offline'); });
  const plain = other.identify('x', 0);
  await vi.advanceTimersByTimeAsync(0);
  const p = await plain;
  expect(p && 'error' in p && p.error instanceof ApiError && p.error.message).toBe('Error: offline');
});
