// A lesson's step played against a stand-in for the server: what each answer
// does to the step, and what the page is told.
import { expect, test } from 'vitest';
import type { MoveText } from '../src/api';
import { LessonCatalog, LessonStep, StepAnswer, StepPosition } from '../src/learn_course';
import { StepAsk, StepPlay } from '../src/step_play';

const at = (cells: string, stars: string[] = [], done = false): StepPosition => ({
  fen: cells, cells, side_to_move: 'first', check_square: null, legal_moves: [mv('a1b1'), mv('a1c1')], stars_left: stars, done,
});
function mv(id: string): MoveText { return { id, display: id, squares: [id.slice(0, 2), id.slice(2)] }; }
const step: LessonStep = {
  id: 's', fen: '', goal: 'capture', en: '', zh: '', stars: [], refused: ['a1a9', 'a1h8'], teaches: [], solution: ['a1b1', 'x', 'b1c1'],
  par: 2, within: false, ending: '',
};
const place = new LessonCatalog([{ game: 'g', variant: '', stages: [{ id: 'st', en: '', zh: '', steps: [step] }] }]).place('g', '', 's')!;

// A server that answers from a script, and keeps what it was asked.
function server(answers: Record<string, Partial<StepAnswer>>) {
  const asked: { moves: string[]; move?: string; squares?: string[]; demo: boolean }[] = [];
  const ask: StepAsk = async (_p, moves, extra, demo) => {
    asked.push({ moves: [...moves], ...extra, demo });
    const a = answers[extra.move ?? (extra.squares ? extra.squares.join(' ') : '')];
    if (!a) throw new Error('no answer');
    return { replies: [], position: at('start'), ...a } as StepAnswer;
  };
  return { ask, asked };
}

test('a refused move changes nothing but counts a try; a missed one is taken back with its squares marked', async () => {
  const { ask } = server({ '': {}, a1c1: { answer: 'missed', missed: { en: 'no', zh: '不' } }, 'a1 a9': { answer: 'refused', refusal: { code: 'c' } } });
  const play = await StepPlay.open(place, ask) as StepPlay;
  expect(await play.play(null, ['a1', 'a9'])).toEqual({ kind: 'refused', words: undefined, code: 'c' });
  expect(await play.play(mv('a1c1'))).toEqual({ kind: 'missed', words: { en: 'no', zh: '不' } });
  expect(play.misses).toBe(2);
  expect(play.moves).toEqual([]);
  expect(play.lastMove).toEqual(['a1', 'c1']);
});

test('moves on the way are kept and sent again with the next; the reply is marked; the goal earns the server\'s stars', async () => {
  const reply = mv('h8h7');
  const { ask, asked } = server({
    '': {}, a1b1: { answer: 'going', replies: [reply], position: at('after', ['c1']) },
    b1c1: { answer: 'done', stars: 3, saved: true, position: at('end', [], true) },
  });
  const play = await StepPlay.open(place, ask) as StepPlay;
  expect(await play.play(mv('a1b1'))).toEqual({ kind: 'going', star: false, answered: true });
  expect(play.lastMove).toEqual(['h8', 'h7']);
  expect(await play.play(mv('b1c1'))).toEqual({ kind: 'done', stars: 3, saved: true });
  expect(asked.map((a) => a.moves)).toEqual([[], [], ['a1b1']]);
  expect(play.earned).toBe(3);
  play.restart();
  expect(play.position.cells).toBe('start');
  expect(play.moves).toEqual([]);
});

test('"Show me" plays the learner\'s moves of the solution as a demonstration, earns nothing, and ends', async () => {
  const { ask, asked } = server({
    '': {}, a1b1: { answer: 'going', position: at('after') }, b1c1: { answer: 'done', stars: 3, position: at('end', [], true) },
  });
  const play = await StepPlay.open(place, ask) as StepPlay;
  const seen: string[] = [];
  await play.show((e) => { seen.push(e.kind); expect(play.showing).toBe(true); return true; }, async () => true);
  expect(seen).toEqual(['going', 'done']);
  expect(asked.slice(1).map((a) => [a.move, a.demo])).toEqual([['a1b1', true], ['b1c1', true]]);
  expect(play.earned).toBe(0);
  expect(play.showing).toBe(false);
});

test('the refused examples are shown in turn from the start, and count no try', async () => {
  const { ask, asked } = server({ '': {}, a1a9: { answer: 'refused', refusal: { code: 'one' } }, a1h8: { answer: 'refused', refusal: { code: 'two' } } });
  const play = await StepPlay.open(place, ask) as StepPlay;
  expect((await play.refusedExample())?.event).toMatchObject({ code: 'one' });
  expect((await play.refusedExample())?.event).toMatchObject({ code: 'two' });
  expect((await play.refusedExample())?.move).toBe('a1a9');
  expect(play.misses).toBe(0);
  expect(asked.slice(1).every((a) => a.moves.length === 0)).toBe(true);
});

test('a server that cannot answer is said, not dropped', async () => {
  const { ask } = server({ '': {} });
  const play = await StepPlay.open(place, ask) as StepPlay;
  expect(await play.play(mv('a1c1'))).toEqual({ kind: 'error', text: 'no answer' });
  expect(await StepPlay.open(place, async () => { throw new Error('down'); })).toBe('down');
});
