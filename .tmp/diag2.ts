import { botSight, guessState } from '../shared/bot/sight';
import { playForward } from '../shared/bot/greedy';
import { evaluate } from '../shared/bot/evaluate';
import { botIntent } from '../shared/bot/index';
import { createGame, decide, evolve, pending, seededDice, seededRandom, legalIntents } from '../shared/engine/index';
const seed = Number(process.argv[2] ?? 110);
const bots = (process.argv[3] ?? 'normal,random').split(',') as any;
const dice = seededDice(seed * 2 + 1);
const random = seededRandom(seed * 2 + 2);
let state = createGame({ players: [{ id: 'p1', name: 'a' }, { id: 'p2', name: 'b' }], options: { variant: 'default' } }).state;
for (let k = 0; k < 100000 && state.result === null; k++) {
  const actor = pending(state).actor!;
  const level = bots[state.players.findIndex((p) => p.id === actor)];
  const intent = botIntent(state, actor, level, random, 200)!;
  if (level === 'normal' && intent.type === 'concede') {
    console.log('step', JSON.stringify(state.step), 'legal', JSON.stringify(legalIntents(state, actor)));
    const sight = botSight(state, actor);
    const g = guessState(sight);
    for (const i of sight.legal) {
      try { const a = playForward(g, actor, i, 1); console.log(i.type, a === null ? 'null' : evaluate(a, actor)); } catch (e) { console.log(i.type, 'throw', e); }
      const d = decide(g, actor, i, seededDice(1));
      if ('rejected' in d) console.log('  rejected', d.rejected.message);
    }
    break;
  }
  const d = decide(state, actor, intent, dice);
  if ('rejected' in d) throw new Error('rej');
  for (const e of d.events) state = evolve(state, e);
}
