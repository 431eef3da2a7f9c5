// A Battleland (10.0, 11.7): its 27 hexes (errata 2.2 labels A1..F4) with their terrain, elevation and hexside
// hazards (the hazard is drawn on the upper hex, its teeth pointing down the slope, cliff, dune or wall), the
// turn track (10.5), the entrances (errata 2.2, 10.1), the characters with power-skill and hits, and the
// highlights of legal hexes and targets.
import { BATTLELANDS } from '../../../shared/data/battlelands';
import { CHARACTERS } from '../../../shared/data/characters';
import { ATTACKER_ENTRY_HEXES, DEFENDER_ENTRY_HEXES, DIRECTIONS } from '../../../shared/data/hexGeometry';
import { BATTLE_TURNS } from '../../../shared/data/strikeChart';
import type {
  AttackerSide,
  CharacterName,
  Direction,
  HexLabel,
  HexsideHazard,
  PlayerColor,
  Terrain,
} from '../../../shared/data/types';
import { HEX_LABELS } from '../../../shared/data/types';
import {
  BATTLELAND_HEIGHT,
  BATTLELAND_WIDTH,
  BOARD_CENTRE,
  HEX_RADIUS,
  hexCorners,
  hexPoint,
  hexsideEnds,
} from './battlelandGeometry';
import { CreatureGlyph } from './Creature';
import { buttonProps } from './keys';
import { type Point, pointsAttr, round } from './masterboardGeometry';
import { HEX_TERRAIN_FILL, NEUTRAL_FILL, PLAYER_FILL } from './palette';

export type BattleSide = 'attacker' | 'defender';

export interface BattleChit {
  readonly id: string;
  readonly side: BattleSide;
  readonly type: CharacterName;
  /** Current power-factor (a Titan's depends on its player's score, 19.1). */
  readonly power: number;
  /** null: off the board, waiting at its side's entrance. */
  readonly hex: HexLabel | null;
  readonly hits: number;
  readonly color: PlayerColor | null;
}

export interface BattlelandProps {
  readonly terrain: Terrain;
  /** CE Titan: hexes made Tree hexes for this battle (10 ENT B2). */
  readonly trees?: readonly HexLabel[];
  /** The attacker's entry side; null draws no entrances (e.g. a preview of the land). */
  readonly attackerEntry?: AttackerSide | null;
  /** 1..7, the battle turn (10.5); null or absent: no marker on the track. */
  readonly round?: number | null;
  readonly characters?: readonly BattleChit[];
  /** Hexes the selected character may move to (or enter on). */
  readonly legalHexes?: readonly HexLabel[];
  /** Characters the selected character may strike or rangestrike. */
  readonly targets?: readonly string[];
  readonly selected?: string | null;
  /** Lines of sight to draw (a rangestrike's striker to target). */
  readonly lines?: readonly { readonly from: HexLabel; readonly to: HexLabel }[];
  readonly onHexClick?: (hex: HexLabel) => void;
  readonly onCharacterClick?: (id: string) => void;
}

export const HAZARD_NAMES: Readonly<Record<HexsideHazard, string>> = {
  slope: 'Slope',
  cliff: 'Cliff',
  dune: 'Dune',
  wall: 'Wall',
};

/** The sizes of a character's chit: on a hex, and waiting at its entrance. */
export const CHIT_SIZE = { onHex: 36, waiting: 34 } as const;

/** The drawing's viewBox. */
export const BATTLELAND_BOX = {
  x: 0,
  y: 0,
  width: round(BATTLELAND_WIDTH),
  height: round(BATTLELAND_HEIGHT),
};

export function Battleland(props: BattlelandProps) {
  const land = BATTLELANDS[props.terrain];
  const legal = new Set(props.legalHexes ?? []);
  const characters = props.characters ?? [];
  const { onHexClick } = props;
  return (
    <svg
      className="battleland"
      viewBox={`0 0 ${round(BATTLELAND_WIDTH)} ${round(BATTLELAND_HEIGHT)}`}
      aria-label={`${props.terrain} battleland`}
    >
      <rect width={round(BATTLELAND_WIDTH)} height={round(BATTLELAND_HEIGHT)} fill="#efe9da" rx={12} />
      <TurnTrack round={props.round ?? null} />
      {HEX_LABELS.map((label) => {
        const drawn = land.hexes[label];
        const hex = props.trees?.includes(label) === true ? { ...drawn, terrain: 'Tree' as const } : drawn;
        const colours = HEX_TERRAIN_FILL[hex.terrain];
        const c = hexPoint(label);
        const isLegal = legal.has(label);
        const title = `${label} ${hex.terrain}${hex.elevation > 0 ? `, elevation ${hex.elevation}` : ''}`;
        return (
          <g
            key={label}
            className={`hex${isLegal ? ' legal' : ''}`}
            data-hex={label}
            data-terrain={hex.terrain}
            data-elevation={hex.elevation}
            {...buttonProps(
              isLegal ? `${title}: move here` : title,
              onHexClick === undefined ? undefined : () => onHexClick(label),
            )}
          >
            <title>{title}</title>
            <polygon
              points={pointsAttr(hexCorners(label))}
              fill={colours.fill}
              stroke="#5b5443"
              strokeWidth={1}
            />
            {hex.elevation > 0 && (
              <polygon
                points={pointsAttr(hexCorners(label, HEX_RADIUS * 0.86))}
                fill="none"
                stroke="#4a3a20"
                strokeOpacity={0.55}
                strokeWidth={hex.elevation * 2.5}
              />
            )}
            <text
              className="hex-label"
              x={round(c.x)}
              y={round(c.y - HEX_RADIUS * 0.7)}
              fontSize={11}
              fontWeight={700}
              fill={colours.ink}
              textAnchor="middle"
              dominantBaseline="middle"
            >
              {label}
            </text>
            {hex.terrain !== 'Plains' && (
              <text
                className="hex-terrain"
                x={round(c.x)}
                y={round(c.y + HEX_RADIUS * 0.64)}
                fontSize={9}
                fill={colours.ink}
                textAnchor="middle"
                dominantBaseline="middle"
              >
                {hex.terrain}
              </text>
            )}
            {hex.elevation > 0 && (
              <text
                className="elevation"
                x={round(c.x - HEX_RADIUS * 0.55)}
                y={round(c.y)}
                fontSize={10}
                fontWeight={700}
                fill={colours.ink}
                textAnchor="middle"
                dominantBaseline="middle"
              >
                {`▲${hex.elevation}`}
              </text>
            )}
            {isLegal && (
              <polygon
                className="legal-mark"
                points={pointsAttr(hexCorners(label, HEX_RADIUS * 0.9))}
                fill="#ffffff"
                fillOpacity={0.35}
                stroke="#0b57d0"
                strokeWidth={4}
              />
            )}
          </g>
        );
      })}
      <g className="hexsides" pointerEvents="none">
        {HEX_LABELS.flatMap((label) =>
          DIRECTIONS.flatMap((dir) => {
            const side = land.hexes[label].hexsides[dir];
            return side?.top
              ? [<HexsideMark key={`${label}-${dir}`} hex={label} dir={dir} hazard={side.hazard} />]
              : [];
          }),
        )}
      </g>
      {props.attackerEntry != null && (
        <Entrances {...props} attackerEntry={props.attackerEntry} characters={characters} />
      )}
      {(props.lines ?? []).map((line) => {
        const a = hexPoint(line.from);
        const b = hexPoint(line.to);
        return (
          <line
            key={`${line.from}-${line.to}`}
            className="line-of-sight"
            x1={round(a.x)}
            y1={round(a.y)}
            x2={round(b.x)}
            y2={round(b.y)}
            stroke="#b00020"
            strokeWidth={3}
            strokeDasharray="8 5"
            pointerEvents="none"
          />
        );
      })}
      {characters
        .filter((c) => c.hex !== null)
        .map((c) => (
          <Chit {...props} key={c.id} chit={c} at={hexPoint(c.hex as HexLabel)} size={CHIT_SIZE.onHex} />
        ))}
    </svg>
  );
}

/** 10.5: the seven battle turns; the current one is marked. */
function TurnTrack({ round: current }: { round: number | null }) {
  const size = 30;
  const x0 = 70;
  return (
    <g
      className="turn-track"
      aria-label={current === null ? 'Turn track' : `Battle turn ${current} of ${BATTLE_TURNS}`}
    >
      <text x={14} y={28} fontSize={13} fontWeight={700} dominantBaseline="middle">
        Turn
      </text>
      {Array.from({ length: BATTLE_TURNS }, (_, i) => {
        const n = i + 1;
        const now = n === current;
        return (
          <g
            key={n}
            className={`turn${now ? ' current' : ''}`}
            data-turn={n}
            transform={`translate(${x0 + i * (size + 6)} 13)`}
          >
            <rect
              width={size}
              height={size}
              rx={4}
              fill={now ? '#0b57d0' : '#fff'}
              stroke="#333"
              strokeWidth={now ? 3 : 1}
            />
            <text
              x={size / 2}
              y={size / 2}
              fontSize={14}
              fontWeight={now ? 700 : 400}
              fill={now ? '#fff' : '#333'}
              textAnchor="middle"
              dominantBaseline="central"
            >
              {n}
            </text>
          </g>
        );
      })}
    </g>
  );
}

/** 11.7: one hazard hexside, drawn on the upper hex's edge with teeth pointing toward the lower hex. */
function HexsideMark(props: { hex: HexLabel; dir: Direction; hazard: HexsideHazard }) {
  const { a, b, normal } = hexsideEnds(props.hex, props.dir);
  const along = { x: b.x - a.x, y: b.y - a.y };
  const at = (t: number, out: number): Point => ({
    x: a.x + along.x * t + normal.x * out,
    y: a.y + along.y * t + normal.y * out,
  });
  const style = HAZARD_STYLE[props.hazard];
  const teeth: string[] = [];
  const count = props.hazard === 'wall' ? 4 : 3;
  for (let i = 0; i < count; i++) {
    const t0 = 0.15 + (i * 0.7) / count;
    const t1 = t0 + 0.7 / count;
    const p = [at(t0, 0), at((t0 + t1) / 2, style.tooth), at(t1, 0)];
    teeth.push(`M ${pointsAttr(p).replaceAll(' ', ' L ')}`);
  }
  const inner = [at(0.08, -2), at(0.92, -2)];
  return (
    <g
      className="hexside"
      data-hex={props.hex}
      data-dir={props.dir}
      data-hazard={props.hazard}
      data-top="true"
    >
      <title>{`${HAZARD_NAMES[props.hazard]}: ${props.hex} is on top`}</title>
      <line
        x1={round(inner[0]!.x)}
        y1={round(inner[0]!.y)}
        x2={round(inner[1]!.x)}
        y2={round(inner[1]!.y)}
        stroke={style.colour}
        strokeWidth={style.width}
        strokeLinecap="round"
      />
      <path
        d={teeth.join(' ')}
        fill={style.fill ? style.colour : 'none'}
        stroke={style.colour}
        strokeWidth={2}
      />
    </g>
  );
}

const HAZARD_STYLE: Readonly<
  Record<HexsideHazard, { colour: string; width: number; tooth: number; fill: boolean }>
> = {
  slope: { colour: '#7a4b12', width: 3, tooth: 7, fill: false },
  cliff: { colour: '#2b1d12', width: 5, tooth: 9, fill: true },
  dune: { colour: '#b8741a', width: 4, tooth: 6, fill: false },
  wall: { colour: '#444', width: 7, tooth: 6, fill: true },
};

/** Errata 2.2, 10.1, 10.2: where each side's characters wait off the board. */
function Entrances(
  props: BattlelandProps & { attackerEntry: AttackerSide; characters: readonly BattleChit[] },
) {
  const tower = props.terrain === 'Tower';
  const zones: { side: BattleSide; hexes: readonly HexLabel[]; label: string }[] = [
    {
      side: 'attacker',
      hexes: ATTACKER_ENTRY_HEXES[props.attackerEntry],
      label: `Attacker enters (${props.attackerEntry})`,
    },
    {
      side: 'defender',
      hexes: DEFENDER_ENTRY_HEXES[props.attackerEntry],
      label: tower ? 'Defender (deploys in the Tower)' : 'Defender enters',
    },
  ];
  return (
    <g className="entrances">
      {zones.map((zone) => {
        const first = hexPoint(zone.hexes[0] as HexLabel);
        const last = hexPoint(zone.hexes[zone.hexes.length - 1] as HexLabel);
        const len = Math.hypot(last.x - first.x, last.y - first.y);
        const u = { x: (last.x - first.x) / len, y: (last.y - first.y) / len };
        const mid = { x: (first.x + last.x) / 2, y: (first.y + last.y) / 2 };
        let n = { x: -u.y, y: u.x };
        if (n.x * (mid.x - BOARD_CENTRE.x) + n.y * (mid.y - BOARD_CENTRE.y) < 0) n = { x: -n.x, y: -n.y };
        const off = HEX_RADIUS * 1.7;
        const start = {
          x: first.x - u.x * HEX_RADIUS * 0.7 + n.x * off,
          y: first.y - u.y * HEX_RADIUS * 0.7 + n.y * off,
        };
        const end = {
          x: last.x + u.x * HEX_RADIUS * 0.7 + n.x * off,
          y: last.y + u.y * HEX_RADIUS * 0.7 + n.y * off,
        };
        const waiting = props.characters.filter((c) => c.hex === null && c.side === zone.side);
        const angle = (Math.atan2(u.y, u.x) * 180) / Math.PI;
        const upright = angle > 90 || angle < -90 ? angle + 180 : angle;
        const labelAt = { x: (start.x + end.x) / 2 + n.x * 32, y: (start.y + end.y) / 2 + n.y * 32 };
        return (
          <g
            key={zone.side}
            className={`entrance ${zone.side}`}
            data-side={zone.side}
            data-hexes={zone.hexes.join(' ')}
          >
            <line
              x1={round(start.x)}
              y1={round(start.y)}
              x2={round(end.x)}
              y2={round(end.y)}
              stroke={zone.side === 'attacker' ? '#a33' : '#335'}
              strokeOpacity={0.25}
              strokeWidth={44}
              strokeLinecap="round"
            />
            <text
              x={round(labelAt.x)}
              y={round(labelAt.y)}
              fontSize={12}
              textAnchor="middle"
              dominantBaseline="middle"
              transform={`rotate(${round(upright)} ${round(labelAt.x)} ${round(labelAt.y)})`}
            >
              {zone.label}
            </text>
            {waiting.map((c, i) => {
              const span = Math.hypot(end.x - start.x, end.y - start.y);
              const step = Math.min(40, span / Math.max(1, waiting.length - 1));
              const d = (i - (waiting.length - 1) / 2) * step;
              const at = { x: (start.x + end.x) / 2 + u.x * d, y: (start.y + end.y) / 2 + u.y * d };
              return <Chit {...props} key={c.id} chit={c} at={at} size={CHIT_SIZE.waiting} />;
            })}
          </g>
        );
      })}
    </g>
  );
}

/** A character: its creature's glyph (its name in its label), power-skill (3.5), hits taken (12.3); slain
 *  characters are crossed out (12.6). Its side and its owner's colour are written on it (the colour's glyph, as
 *  on the legion markers), so the two armies are told apart by more than hue. */
function Chit(props: BattlelandProps & { chit: BattleChit; at: Point; size: number }) {
  const { chit, size, onCharacterClick } = props;
  const colours = chit.color === null ? { ...NEUTRAL_FILL, code: '', glyph: '' } : PLAYER_FILL[chit.color];
  const sideWord = chit.side === 'attacker' ? 'ATT' : 'DEF';
  const owner = chit.color === null ? sideWord : `${colours.glyph} ${sideWord}`;
  const skill = CHARACTERS[chit.type].skill;
  const slain = chit.hits >= chit.power;
  const target = (props.targets ?? []).includes(chit.id);
  const selected = props.selected === chit.id;
  const label = `${chit.side}${chit.color === null ? '' : ` (${chit.color})`} ${chit.type} ${chit.power}-${skill}${chit.hits > 0 ? `, ${chit.hits} hits` : ''}${
    slain ? ', slain' : ''
  }${chit.hex === null ? ', off the board' : ` on ${chit.hex}`}${target ? ' (target)' : ''}`;
  const h = size / 2;
  return (
    <g
      className={`character ${chit.side}${slain ? ' slain' : ''}${target ? ' target' : ''}${selected ? ' selected' : ''}`}
      data-id={chit.id}
      data-type={chit.type}
      data-hits={chit.hits}
      data-color={chit.color ?? undefined}
      transform={`translate(${round(props.at.x)} ${round(props.at.y)})`}
      {...buttonProps(label, onCharacterClick === undefined ? undefined : () => onCharacterClick(chit.id))}
    >
      <title>{label}</title>
      {(selected || target) && (
        <rect
          x={-h - 5}
          y={-h - 5}
          width={size + 10}
          height={size + 10}
          rx={8}
          fill="none"
          stroke={selected ? '#0b57d0' : '#d50000'}
          strokeWidth={4}
          strokeDasharray={target && !selected ? '6 3' : undefined}
        />
      )}
      <rect
        x={-h}
        y={-h}
        width={size}
        height={size}
        rx={4}
        fill={colours.fill}
        stroke={chit.side === 'attacker' ? '#fff' : '#000'}
        strokeWidth={2}
      />
      <CreatureGlyph
        type={chit.type}
        size={size * 0.5}
        ink={colours.ink}
        paper={colours.fill}
        y={-h * 0.42}
      />
      <text
        y={h * 0.32}
        fontSize={size * 0.32}
        fontWeight={700}
        fill={colours.ink}
        textAnchor="middle"
        dominantBaseline="middle"
      >
        {`${chit.power}-${skill}`}
      </text>
      <text
        className="owner"
        y={h * 0.78}
        fontSize={size * 0.18}
        fill={colours.ink}
        textAnchor="middle"
        dominantBaseline="middle"
      >
        {owner}
      </text>
      {chit.hits > 0 && (
        <g className="hits" transform={`translate(${h - 2} ${-h + 2})`}>
          <circle r={9} fill="#d50000" stroke="#fff" strokeWidth={1.5} />
          <text fontSize={11} fontWeight={700} fill="#fff" textAnchor="middle" dominantBaseline="central">
            {chit.hits}
          </text>
        </g>
      )}
      {slain && (
        <path d={`M ${-h} ${-h} L ${h} ${h} M ${h} ${-h} L ${-h} ${h}`} stroke="#d50000" strokeWidth={4} />
      )}
    </g>
  );
}
