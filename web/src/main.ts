// The page's wiring: the game page (game_page.ts), the other pages by their
// address (router.ts), the header's buttons, the account box, the new-game
// dialog and the language. main.ts holds no state of its own.
import './style.css';
import { call } from './api';
import { loadMe, onAccountChange } from './account';
import { renderAccountBox, wireAccount } from './account_view';
import { GameDescriptor, setGames } from './descriptor';
import { $ } from './dom';
import { GamePage, createGamePage } from './game_page';
import { renderGamesPage } from './games_list';
import { Lang, applyStatic, currentLang, setLang } from './i18n';
import { liveForTests } from './live';
import { renderJoin, renderLobby, stopLobby } from './lobby';
import { chooseGameOfRecord, clearStartPosition, fillNewGame, loadPlayers, showLevel } from './newgame';
import { renderPlayer, renderPlayers } from './profile';
import { Route, Router, gamePath } from './router';

// null shows the game; otherwise the page's content replaces it.
function showPage(name: string | null) {
  $('page').hidden = name === null;
  $('app').hidden = name !== null;
  document.body.dataset.page = name ?? 'game';
}

async function openNewGame() {
  $('ng-error').textContent = '';
  await loadPlayers();
  fillNewGame();
  clearStartPosition();
  const d = $<HTMLDialogElement>('new-game');
  if (!d.open) d.showModal();
}

// The new-game dialog with this profile as the player (from a profile's page).
async function openNewGameAs(playerId: string) {
  await openNewGame();
  const sel = $<HTMLSelectElement>('ng-player');
  if (Array.from(sel.options).some((o) => o.value === playerId)) { sel.value = playerId; fillNewGame(); }
}

// The page of a route, in the element #page; the game page in #app.
async function showRoute(route: Route, game: GamePage, router: Router) {
  const page = $('page');
  const go = (path: string) => { router.go(path); };
  if (route.page !== 'lobby') stopLobby();
  switch (route.page) {
    case 'lobby':
      showPage('lobby');
      await renderLobby(page, game.openWithTokens);
      break;
    case 'join':
      // A page that holds this game's seats already (the link opened again) goes to the game.
      if (localStorage.getItem('qi.tokens.' + route.game)) { await router.go(gamePath(route.game)); return; }
      showPage('join');
      await renderJoin(page, route.game, route.code, game.openWithTokens);
      break;
    case 'games':
      showPage('games');
      await renderGamesPage(page, (id) => game.openGame(id));
      break;
    case 'players':
      showPage('players');
      await renderPlayers(page, go);
      break;
    case 'player':
      showPage('player');
      await renderPlayer(page, route.id, (id) => game.openGame(id), (player) => { openNewGameAs(player); });
      break;
    case 'game': {
      const id = route.id ?? localStorage.getItem('qi.last');
      if (id && game.shownGame() !== id) await game.openGame(id);
      showPage(null);
      if (!game.shownGame()) { game.render(); await openNewGame(); }
    }
  }
  document.body.dataset.ready = 'true';
}

function wire(game: GamePage, router: Router) {
  const go = (path: string) => { router.go(path); };
  $('new-game-button').onclick = () => { openNewGame(); };
  $('games-button').onclick = () => go('/games');
  $('lobby-button').onclick = () => go('/lobby');
  $('players-button').onclick = () => go('/players');
  wireAccount(go);
  // A login or logout changes which seats ask for a password, and what a profile's page offers.
  onAccountChange(() => {
    fillNewGame();
    if (document.body.dataset.page === 'player') router.route();
  });
  $('ng-cancel').onclick = () => { $<HTMLDialogElement>('new-game').close(); game.render(); };
  $('empty-new-game').onclick = () => { openNewGame(); };
  for (const id of ['ng-game', 'ng-opponent', 'ng-variant', 'ng-player', 'ng-player2']) $(id).onchange = fillNewGame;
  $<HTMLInputElement>('ng-level').oninput = showLevel;
  // A pasted record brings its own start position: no handicap with it (the server takes one or the other).
  $<HTMLTextAreaElement>('ng-record').oninput = () => { chooseGameOfRecord($<HTMLTextAreaElement>('ng-record').value); $<HTMLSelectElement>('ng-handicap').value = ''; };
  $<HTMLFormElement>('new-game-form').onsubmit = (e) => { e.preventDefault(); game.startNewGame(); };
  const lang = $<HTMLSelectElement>('language');
  lang.value = currentLang();
  lang.onchange = () => {
    setLang(lang.value as Lang);
    fillNewGame();
    renderAccountBox();
    game.languageChanged();
    if (document.body.dataset.page !== 'game') router.route();
  };
}

async function main() {
  setLang(currentLang());
  applyStatic();
  // The router and the game page each need the other: the page goes elsewhere
  // through the router, and the router's game route opens games in the page.
  const router: Router = new Router((route) => showRoute(route, game, router));
  const game: GamePage = createGamePage({
    go: (path) => { router.go(path); },
    showGame: (id) => { router.note(gamePath(id)); showPage(null); },
  });
  // For the end-to-end tests: where a square is, and the game as the page sees it.
  // (live: how the page is connected, a way to drop its socket, and the answers to its actions.)
  (window as unknown as { qi: unknown }).qi = { ...game.forTests, live: liveForTests };
  wire(game, router);
  game.render();  // no game yet: nothing looks live while the first one loads
  setGames((await call<{ games: GameDescriptor[] }>('GET', '/api/info')).games);
  await Promise.all([loadMe(), loadPlayers()]);  // who is logged in; whether any profile has a password
  fillNewGame();
  await router.route();
}

main();
