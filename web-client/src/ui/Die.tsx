// Dice as they were rolled: each die's face, the hits (at or above the Strike-number, or a six, errata 12.7)
// marked by more than colour.
export function Dice(props: { rolls: readonly number[]; strikeNumber?: number; label?: string }) {
  const { strikeNumber } = props;
  return (
    <span className="dice" role="img" aria-label={`${props.label ?? 'Dice'}: ${props.rolls.join(', ')}`}>
      {props.rolls
        .map((r, i) => ({ r, key: `die-${i}` }))
        .map(({ r, key }) => {
          const hit = strikeNumber !== undefined && (r >= strikeNumber || r === 6);
          return (
            <span
              key={key}
              className={`die${hit ? ' hit' : strikeNumber !== undefined ? ' miss' : ''}`}
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
