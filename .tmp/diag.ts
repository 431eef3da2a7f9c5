import { playGame, seatsFor } from '../tools/sim';
const levels = (process.argv[2] ?? 'normal,random').split(',') as any;
const n = Number(process.argv[3] ?? 20);
const players = Number(process.argv[4] ?? 2);
for (let g = 0; g < n; g++) {
  const bots = seatsFor(levels, players, g);
  const r = playGame({ players, seed: 100 + g, bots, keepEvents: true });
  const winner = r.state.players.findIndex((p) => p.id === r.result?.winner);
  if (bots[winner] === levels[0]) continue;
  const me = `p${bots.indexOf(levels[0]) + 1}`;
  console.log(`game ${g} seed ${100 + g}: ${levels[0]} is ${me}, winner ${r.result?.winner} turns ${r.turns}`);
  // the last engagements involving me
  let last: any[] = [];
  let legions: Record<string, any> = {};
  for (const e of r.events as any[]) {
    if (e.type === 'engagementChosen' || e.type === 'engagementResolved' || e.type === 'battleStarted' || e.type==='legionEliminated' || e.type==='playerEliminated' || e.type==='fled' || e.type === 'conceded') last.push(e);
  }
  console.log(JSON.stringify(last.slice(-8)).slice(0, 1500));
}
