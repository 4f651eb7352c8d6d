// The message line beside the board: one sentence at a time, an error or a
// note. A sentence about the game in play (a draw offer's answer, why a click
// plays nothing) belongs to it: it goes when the game ends, so that nothing
// of a finished game speaks of it as live.
export class MessageLine {
  private aboutPlay = false;

  // `line`: the element the sentence goes in (looked up at each sentence).
  constructor(private readonly line: () => HTMLElement = () => document.getElementById('message')!) {}

  say(text: string, kind: 'error' | 'info' = 'info', whileLive = false) {
    const m = this.line();
    m.textContent = text;
    m.className = 'message ' + kind;
    this.aboutPlay = whileLive && text !== '';
  }

  // The game is over: a sentence about its play is no longer true.
  gameEnded() {
    if (this.aboutPlay) this.say('');
  }
}
