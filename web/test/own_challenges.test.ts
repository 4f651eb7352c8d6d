// The lobby's own challenges: the secrets of the challenges this page made,
// polled until one is accepted (its seat's token opens the game) or gone.
import { expect, test } from 'vitest';
import { ChallengeState, OwnChallenges } from '../src/lobby';

test('a challenge made is this page\'s until cancelled', () => {
  const mine = new OwnChallenges();
  mine.add('c1', 's1');
  expect(mine.has('c1')).toBe(true);
  expect(mine.secret('c1')).toBe('s1');
  expect(new OwnChallenges().has('c1')).toBe(false);  // another page's lobby holds its own
  mine.remove('c1');
  expect(mine.has('c1')).toBe(false);
});

test('the poll asks with each secret and brings the first accepted, which is no longer polled', async () => {
  const mine = new OwnChallenges();
  mine.add('c1', 's1');
  mine.add('c2', 's2');
  const asked: string[] = [];
  const states: Record<string, ChallengeState> = { c1: {}, c2: { game: 'g9', side: 'second', token: 'tk' } };
  const ask = async (id: string, secret: string) => { asked.push(`${id}:${secret}`); return states[id]; };
  expect(await mine.firstAccepted(ask)).toEqual({ game: 'g9', side: 'second', token: 'tk' });
  expect(asked).toEqual(['c1:s1', 'c2:s2']);
  expect(mine.has('c1')).toBe(true);
  expect(mine.has('c2')).toBe(false);
  expect(await mine.firstAccepted(ask)).toBeNull();
});

test('a challenge the server no longer knows (expired, cancelled elsewhere) is forgotten', async () => {
  const mine = new OwnChallenges();
  mine.add('c1', 's1');
  mine.add('c2', 's2');
  const ask = async (id: string) => { if (id === 'c1') throw new Error('gone'); return {}; };
  expect(await mine.firstAccepted(ask)).toBeNull();
  expect(mine.has('c1')).toBe(false);
  expect(mine.has('c2')).toBe(true);
});
