// Dice as they were rolled: each die's face and, when the server's count of hits is given, which dice hit,
// marked by more than colour. The client does not judge a roll: the hits are the server's number (the
// strikeRolled / rangestrikeRolled event), and they are the highest faces, since any die that hits is at least
// as high as any die that misses.
export function Dice(props: { rolls: readonly number[]; hits?: number; label?: string }) {
  const { hits } = props;
  // The dice that hit: the `hits` highest faces (ties between equal faces do not matter).
  const hitAt = new Set<number>();
  if (hits !== undefined) {
    const byFace = props.rolls.map((r, i) => ({ r, i })).sort((a, b) => b.r - a.r || a.i - b.i);
    for (const { i } of byFace.slice(0, hits)) hitAt.add(i);
  }
  const words = hits === undefined ? '' : ` (${hits} hit${hits === 1 ? '' : 's'})`;
  return (
    <span
      className="dice"
      role="img"
      aria-label={`${props.label ?? 'Dice'}: ${props.rolls.join(', ')}${words}`}
    >
      {props.rolls
        .map((r, i) => ({ r, i, key: `die-${i}` }))
        .map(({ r, i, key }) => {
          const hit = hitAt.has(i);
          return (
            <span
              key={key}
              className={`die${hit ? ' hit' : hits !== undefined ? ' miss' : ''}`}
              data-roll={r}
            >
              {r}
              {hit && <span className="hit-mark">✓</span>}
            </span>
          );
        })}
    </span>
  );
}
