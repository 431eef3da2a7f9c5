// The Masterboard (2.1, 7.0): the 96 Lands in their terrain colours with their numbers, names and Signs; the
// legions as their markers with their heights; the legal destinations of the selected legion with the side
// an attacker would enter the Battleland from.
import { LAND_NUMBERS, land } from '../../../shared/data/masterboard';
import type { AttackerSide, LandNumber, MarkerId, PlayerColor, Terrain } from '../../../shared/data/types';
import type { LegionMove } from '../../../shared/engine/index';
import { legionName } from '../game/describe';
import { buttonProps } from './keys';
import {
  BOARD_HEIGHT,
  BOARD_WIDTH,
  borderToward,
  centroid,
  landLayout,
  landOutline,
  type Point,
  pointsAttr,
  round,
} from './masterboardGeometry';
import { NEUTRAL_FILL, PLAYER_FILL, TERRAIN_FILL } from './palette';
import { SIGN_NAMES, SignGlyph } from './Sign';

export interface MasterLegion {
  readonly marker: MarkerId;
  readonly land: LandNumber;
  readonly height: number;
  readonly color: PlayerColor | null;
  /** Extra words for the tooltip and screen readers (e.g. the known characters). */
  readonly title?: string;
}

/** `M`: the moves handed in, handed back as they are on a click (a caller may carry more in them). */
export interface MasterboardProps<M extends LegionMove = LegionMove> {
  readonly legions: readonly MasterLegion[];
  readonly selectedLegion?: MarkerId | null;
  /** The legal moves of the selected legion (from the server's legal intents or the engine's legalMoves). */
  readonly moves?: readonly M[];
  /** Lands of engagements (pending or being resolved). */
  readonly engagedLands?: readonly LandNumber[];
  /** Lands to draw attention to (e.g. the engagements to choose from); clicking one calls onLandClick. */
  readonly markedLands?: readonly LandNumber[];
  readonly onLegionClick?: (marker: MarkerId) => void;
  /** A highlighted destination was clicked: all the moves that end there. */
  readonly onDestinationClick?: (land: LandNumber, moves: readonly M[]) => void;
  /** One specific move was picked (an entry-side badge). */
  readonly onMoveClick?: (move: M) => void;
  readonly onLandClick?: (land: LandNumber) => void;
  /** The recruit preview of the selected legion: what it could muster in each terrain (the engine's
   *  recruitsByTerrain), shown on every land of that terrain. */
  readonly recruits?: Readonly<Partial<Record<Terrain, readonly string[]>>> | null;
}

/** The drawing's viewBox (the board with a margin for its rounded frame). */
export const MASTERBOARD_BOX = { x: -10, y: -10, width: BOARD_WIDTH + 20, height: round(BOARD_HEIGHT + 20) };

export const ENTRY_LETTER: Readonly<Record<AttackerSide, string>> = { left: 'L', right: 'R', bottom: 'B' };

export function Masterboard<M extends LegionMove = LegionMove>(props: MasterboardProps<M>) {
  const byLand = groupBy(props.legions, (l) => l.land);
  const movesByLand = groupBy(props.moves ?? [], (m) => m.land);
  const engaged = new Set(props.engagedLands ?? []);
  const marked = new Set(props.markedLands ?? []);
  return (
    <svg
      className="masterboard"
      viewBox={`${MASTERBOARD_BOX.x} ${MASTERBOARD_BOX.y} ${MASTERBOARD_BOX.width} ${MASTERBOARD_BOX.height}`}
      aria-label="Masterboard"
    >
      <rect x={-10} y={-10} width={BOARD_WIDTH + 20} height={BOARD_HEIGHT + 20} fill="#f5efe0" rx={12} />
      {LAND_NUMBERS.map((n) => (
        <LandShape
          key={n}
          number={n}
          engaged={engaged.has(n)}
          marked={marked.has(n)}
          moves={movesByLand.get(n) ?? []}
          recruits={props.recruits?.[land(n).terrain] ?? null}
          onLandClick={props.onLandClick}
          onDestinationClick={props.onDestinationClick}
        />
      ))}
      {LAND_NUMBERS.map((n) => (
        <Signs key={`s${n}`} number={n} />
      ))}
      {[...byLand].map(([n, legions]) => (
        <LegionStack
          key={`l${n}`}
          number={n}
          legions={legions}
          selected={props.selectedLegion ?? null}
          onLegionClick={props.onLegionClick}
        />
      ))}
      {[...movesByLand].map(([n, moves]) => (
        <EntryBadges key={`e${n}`} number={n} moves={moves} onMoveClick={props.onMoveClick} />
      ))}
    </svg>
  );
}

function LandShape<M extends LegionMove>(props: {
  number: LandNumber;
  engaged: boolean;
  marked: boolean;
  moves: readonly M[];
  recruits: readonly string[] | null;
  onLandClick: ((land: LandNumber) => void) | undefined;
  onDestinationClick: ((land: LandNumber, moves: readonly M[]) => void) | undefined;
}) {
  const l = land(props.number);
  const colours = TERRAIN_FILL[l.terrain];
  const layout = landLayout(l);
  const destination = props.moves.length > 0;
  const { onDestinationClick, onLandClick } = props;
  // Only lands with something to do are buttons (and keyboard stops): destinations and marked lands.
  const action =
    destination && onDestinationClick !== undefined
      ? () => onDestinationClick(props.number, props.moves)
      : props.marked && onLandClick !== undefined
        ? () => onLandClick(props.number)
        : undefined;
  const classes = [
    'land',
    destination ? 'destination' : '',
    props.engaged ? 'engaged' : '',
    props.marked ? 'marked' : '',
  ]
    .filter((c) => c !== '')
    .join(' ');
  const recruits = props.recruits ?? [];
  const label = `${l.terrain} ${props.number}${destination ? `: ${describeMoves(props.moves)}` : ''}${
    props.recruits === null
      ? ''
      : recruits.length === 0
        ? '; could muster nothing'
        : `; could muster ${recruits.join(', ')}`
  }`;
  return (
    <g className={classes} data-land={props.number} data-terrain={l.terrain} {...buttonProps(label, action)}>
      <title>{label}</title>
      <polygon
        points={pointsAttr(landOutline(l))}
        fill={colours.fill}
        stroke={props.engaged ? '#b00020' : props.marked ? '#0b57d0' : '#3a3326'}
        strokeWidth={props.engaged || props.marked ? 4 : 1.5}
        strokeDasharray={props.engaged ? '8 4' : undefined}
      />
      {destination && (
        <polygon
          className="destination-mark"
          points={pointsAttr(landOutline(l))}
          fill="#fff"
          fillOpacity={0.45}
          stroke="#0b57d0"
          strokeWidth={5}
        />
      )}
      <text
        className="land-number"
        x={round(layout.number.x)}
        y={round(layout.number.y)}
        fill={colours.ink}
        fontSize={13}
        fontWeight={700}
        textAnchor="middle"
        dominantBaseline="middle"
      >
        {props.number}
      </text>
      <text
        className="land-name"
        x={round(layout.name.x)}
        y={round(layout.name.y)}
        fill={colours.ink}
        fontSize={10}
        textAnchor="middle"
        dominantBaseline="middle"
      >
        {l.terrain}
      </text>
      {recruits.length > 0 && (
        <text
          className="recruit-preview"
          x={round(layout.name.x)}
          y={round(layout.name.y + 11)}
          fill={colours.ink}
          fontSize={8.5}
          fontStyle="italic"
          textAnchor="middle"
          dominantBaseline="middle"
          pointerEvents="none"
        >
          +{recruits[recruits.length - 1]}
        </text>
      )}
      {props.engaged && (
        <text
          x={round(layout.number.x + 22)}
          y={round(layout.number.y)}
          fontSize={14}
          fill={colours.ink}
          textAnchor="middle"
          dominantBaseline="middle"
        >
          ⚔
        </text>
      )}
    </g>
  );
}

function describeMoves(moves: readonly LegionMove[]): string {
  const words = moves.map((m) => {
    const how = m.via === 'normal' ? 'move' : m.via === 'towerTeleport' ? 'tower teleport' : 'titan teleport';
    return m.entry === null ? how : `${how}, attack from the ${m.entry}`;
  });
  return [...new Set(words)].join('; ');
}

/** 7.3: the Signs of one land, each on its border with the neighbour it leads to. */
function Signs({ number }: { number: LandNumber }) {
  const l = land(number);
  const ink = TERRAIN_FILL[l.terrain].ink;
  return (
    <g className="signs" fill={ink} stroke={ink} strokeWidth={1} pointerEvents="none">
      {l.exits.map((exit) => {
        const border = borderToward(number, exit.to);
        const at: Point = { x: border.mid.x - border.normal.x * 9, y: border.mid.y - border.normal.y * 9 };
        const angle = (Math.atan2(border.normal.y, border.normal.x) * 180) / Math.PI;
        return (
          <g
            key={exit.to}
            className="sign"
            data-sign={exit.sign}
            data-from={number}
            data-to={exit.to}
            transform={`translate(${round(at.x)} ${round(at.y)}) rotate(${round(angle)})`}
          >
            <title>{`${SIGN_NAMES[exit.sign]} from ${number} to ${exit.to}`}</title>
            <SignGlyph sign={exit.sign} />
          </g>
        );
      })}
    </g>
  );
}

/** The side an attacker would enter the Battleland from (errata 2.2, 10.1): for a normal move, a badge on the
 *  border the last step crosses; for a Titan teleport (any side, 8.2), a row of badges inside the land. */
function EntryBadges<M extends LegionMove>(props: {
  number: LandNumber;
  moves: readonly M[];
  onMoveClick: ((move: M) => void) | undefined;
}) {
  const l = land(props.number);
  const badges: { move: M; at: Point; key: string }[] = [];
  const teleports = props.moves.filter((m) => m.entry !== null && m.via !== 'normal');
  for (const move of props.moves) {
    if (move.entry === null || move.via !== 'normal') continue;
    for (const n of l.neighbours) {
      const exit = land(n).exits.find((e) => e.to === props.number && e.entry === move.entry);
      if (exit === undefined) continue;
      const border = borderToward(props.number, n);
      badges.push({
        move,
        key: `${move.entry}-${n}`,
        at: border.mid,
      });
    }
  }
  const c = centroid(l);
  teleports.forEach((move, i) => {
    badges.push({
      move,
      key: `t${move.entry}`,
      at: { x: c.x + (i - (teleports.length - 1) / 2) * 22, y: c.y },
    });
  });
  const { onMoveClick } = props;
  return (
    <g className="entries">
      {badges.map(({ move, at, key }) => (
        <g
          key={key}
          className="entry"
          data-land={props.number}
          data-entry={move.entry ?? ''}
          data-via={move.via}
          transform={`translate(${round(at.x)} ${round(at.y)})`}
          {...buttonProps(
            `${props.number}: attack from the ${move.entry}${move.via === 'normal' ? '' : ' (Titan teleport)'}`,
            onMoveClick === undefined ? undefined : () => onMoveClick(move),
          )}
        >
          <circle className="hit" r={ENTRY_HIT / 2} fill="transparent" />
          <circle r={12} fill="#fff" stroke="#111" strokeWidth={2} />
          <text fontSize={14} fontWeight={700} textAnchor="middle" dominantBaseline="central">
            {ENTRY_LETTER[move.entry ?? 'bottom']}
          </text>
        </g>
      ))}
    </g>
  );
}

/** The tap area of an entry badge (issue 14: phones). */
const ENTRY_HIT = 34;
const MARKER_SIZE = 28;
/** The tap area of a legion alone or beside one other, wider than the marker drawn (issue 14: phones). */
export const LEGION_HIT = 34;

function LegionStack(props: {
  number: LandNumber;
  legions: readonly MasterLegion[];
  selected: MarkerId | null;
  onLegionClick: ((marker: MarkerId) => void) | undefined;
}) {
  const l = land(props.number);
  const at = landLayout(l).legions;
  const n = props.legions.length;
  const size = n === 1 ? 32 : n === 2 ? MARKER_SIZE : n === 3 ? 24 : 20;
  const step = size + 3;
  return (
    <g className="legions">
      {props.legions.map((legion, i) => (
        <LegionMarker
          key={legion.marker}
          legion={legion}
          size={size}
          hit={n <= 2 ? LEGION_HIT : step}
          x={at.x + (i - (n - 1) / 2) * step}
          y={at.y}
          selected={props.selected === legion.marker}
          onClick={props.onLegionClick}
        />
      ))}
    </g>
  );
}

/** A legion's marker: its owner's colour (with the colour's glyph, so not by hue alone) and its height; the
 *  marker's name (issue 14: never its id) in its label. */
export function LegionMarker(props: {
  legion: MasterLegion;
  size: number;
  /** The width of its tap area (at least the marker's size). */
  hit?: number;
  x: number;
  y: number;
  selected: boolean;
  onClick: ((marker: MarkerId) => void) | undefined;
}) {
  const { legion, size, onClick } = props;
  const colours = legion.color === null ? { ...NEUTRAL_FILL, glyph: '' } : PLAYER_FILL[legion.color];
  const label = `${legionName(legion.marker)}, height ${legion.height}${
    legion.title === undefined ? '' : `: ${legion.title}`
  }`;
  const hit = Math.max(size, props.hit ?? size);
  return (
    <g
      className={`legion${props.selected ? ' selected' : ''}`}
      data-marker={legion.marker}
      data-height={legion.height}
      transform={`translate(${round(props.x - size / 2)} ${round(props.y - size / 2)})`}
      {...buttonProps(label, onClick === undefined ? undefined : () => onClick(legion.marker))}
    >
      <title>{label}</title>
      <rect
        className="hit"
        x={round((size - hit) / 2)}
        y={round((size - Math.max(hit, size + 6)) / 2)}
        width={hit}
        height={Math.max(hit, size + 6)}
        fill="transparent"
      />
      {props.selected && (
        <rect
          x={-4}
          y={-4}
          width={size + 8}
          height={size + 8}
          rx={6}
          fill="#fff"
          stroke="#111"
          strokeWidth={2}
        />
      )}
      <rect width={size} height={size} rx={4} fill={colours.fill} stroke="#fff" strokeWidth={1.5} />
      <text
        className="glyph"
        x={size / 2}
        y={size * 0.24}
        fontSize={size * 0.28}
        fill={colours.ink}
        textAnchor="middle"
        dominantBaseline="middle"
      >
        {colours.glyph}
      </text>
      <text
        className="height"
        x={size / 2}
        y={size * 0.66}
        fontSize={size * 0.5}
        fontWeight={700}
        fill={colours.ink}
        textAnchor="middle"
        dominantBaseline="middle"
      >
        {legion.height}
      </text>
    </g>
  );
}

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list === undefined) groups.set(k, [item]);
    else list.push(item);
  }
  return groups;
}
