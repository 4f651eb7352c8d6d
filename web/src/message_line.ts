// The message line beside the board: one sentence at a time, an error or a
// note. A sentence about the game in play (a draw offer's answer, why a click
// plays nothing) belongs to it: it goes when the game ends, so that nothing
// of a finished game speaks of it as live.
const line = () => document.getElementById('message')!;
let aboutPlay = false;

export function say(text: string, kind: 'error' | 'info' = 'info', whileLive = false) {
  const m = line();
  m.textContent = text;
  m.className = 'message ' + kind;
  aboutPlay = whileLive && text !== '';
}

// The game is over: a sentence about its play is no longer true.
export function gameEnded() {
  if (aboutPlay) say('');
}
