// The message line: a sentence about the game in play goes when the game
// ends; any other stays.
import { expect, test } from 'vitest';
import { MessageLine } from '../src/message_line';

function line() {
  const element = { textContent: '', className: '' };
  return { element, messages: new MessageLine(() => element as unknown as HTMLElement) };
}

test('a sentence is shown with its kind', () => {
  const { element, messages } = line();
  messages.say('Wrong password', 'error');
  expect(element).toEqual({ textContent: 'Wrong password', className: 'message error' });
});

test('the end of the game takes away a sentence about its play, and only that', () => {
  const a = line(), b = line();
  a.messages.say('The draw offer was declined', 'info', true);
  b.messages.say('FEN copied');
  a.messages.gameEnded();
  b.messages.gameEnded();
  expect(a.element.textContent).toBe('');
  expect(b.element.textContent).toBe('FEN copied');
  // A later sentence that is not about play is not taken away by the end.
  a.messages.say('Hint: e4', 'info', true);
  a.messages.say('Link copied');
  a.messages.gameEnded();
  expect(a.element.textContent).toBe('Link copied');
});
