// A glyph for each kind of character (issue 14: pictures on the pieces, not only words), drawn for this client:
// one bold outline per creature in a 24-unit box centred on the origin, thick enough to read at 12 px. Each
// glyph is the creature's mark: the Titan's crown, the Angel's halo and wings, the Cyclops's eye, the Hydra's
// heads, the Dragon's flame ...
import type { ReactElement } from 'react';
import type { CharacterName } from '../../../shared/data/types';

/** A glyph in `ink`, its inner marks in `paper` (the colour it is drawn on). */
type Shape = (ink: string, paper: string) => ReactElement;

const line = { fill: 'none', strokeWidth: 2.4, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

function raisedCrown(ink: string): ReactElement {
  return <path d="M-10 7 L-10 -6 L-5 0 L0 -9 L5 0 L10 -6 L10 7 Z" stroke={ink} {...line} />;
}

const GLYPHS: Readonly<Record<CharacterName, Shape>> = {
  // A crown.
  Titan: (ink) => <path d="M-10 7 L-10 -6 L-5 0 L0 -9 L5 0 L10 -6 L10 7 Z" fill={ink} />,
  // CE 13 B3: a raised Titan: the crown, hollow (a Titan's ghost), for each colour.
  'Raised Titan (Black)': raisedCrown,
  'Raised Titan (Blue)': raisedCrown,
  'Raised Titan (Brown)': raisedCrown,
  'Raised Titan (Gold)': raisedCrown,
  'Raised Titan (Green)': raisedCrown,
  'Raised Titan (Red)': raisedCrown,
  // A halo over two wings.
  Angel: (ink) => (
    <>
      <ellipse cx={0} cy={-8} rx={5} ry={2} stroke={ink} {...line} />
      <path d="M0 -2 C-4 -4 -10 -3 -11 6 C-7 3 -3 4 0 6 C3 4 7 3 11 6 C10 -3 4 -4 0 -2 Z" fill={ink} />
    </>
  ),
  // A halo over two pairs of wings.
  Archangel: (ink) => (
    <>
      <ellipse cx={0} cy={-9} rx={5} ry={2} stroke={ink} {...line} />
      <path d="M0 -4 C-4 -6 -10 -5 -11 2 C-7 0 -3 1 0 3 C3 1 7 0 11 2 C10 -5 4 -6 0 -4 Z" fill={ink} />
      <path d="M0 4 C-3 2 -8 3 -9 10 C-5 7 -2 8 0 10 C2 8 5 7 9 10 C8 3 3 2 0 4 Z" fill={ink} />
    </>
  ),
  // A shield with a cross.
  Guardian: (ink, paper) => (
    <>
      <path d="M0 -11 L9 -7 C9 2 6 8 0 11 C-6 8 -9 2 -9 -7 Z" fill={ink} />
      <path d="M0 -6 L0 6 M-5 -1 L5 -1" stroke={paper} {...line} />
    </>
  ),
  // A pointed hat with a brim, and a star.
  Warlock: (ink) => (
    <>
      <path d="M-3 -11 L6 6 L-8 6 Z" fill={ink} />
      <path d="M-11 7 L11 7" stroke={ink} {...line} strokeWidth={3} />
      <path d="M8 -9 L9 -6 L12 -6 L9.5 -4 L10.5 -1 L8 -3 L5.5 -1 L6.5 -4 L4 -6 L7 -6 Z" fill={ink} />
    </>
  ),
  // A club.
  Ogre: (ink) => (
    <>
      <path d="M-10 11 L-4 5" stroke={ink} {...line} strokeWidth={3.5} />
      <path d="M-5 6 C-7 -2 -1 -10 6 -10 C10 -10 11 -6 9 -3 C5 2 0 6 -3 5 Z" fill={ink} />
    </>
  ),
  // A horseshoe.
  Centaur: (ink, paper) => (
    <>
      <path d="M-7 9 L-8 0 C-8 -7 -4 -10 0 -10 C4 -10 8 -7 8 0 L7 9" stroke={ink} {...line} strokeWidth={4} />
      <circle cx={-5} cy={-3} r={1} fill={paper} />
      <circle cx={5} cy={-3} r={1} fill={paper} />
    </>
  ),
  // A horned head with bat wings.
  Gargoyle: (ink) => (
    <>
      <path d="M-3 -5 L-6 -11 L-1 -7 M3 -5 L6 -11 L1 -7" stroke={ink} {...line} />
      <circle cx={0} cy={-1} r={5} fill={ink} />
      <path d="M-5 1 L-12 -3 L-10 5 L-7 3 L-6 7 Z M5 1 L12 -3 L10 5 L7 3 L6 7 Z" fill={ink} />
      <path d="M-2 8 L2 8 L0 11 Z" fill={ink} />
    </>
  ),
  // A mane around a face.
  Lion: (ink, paper) => (
    <>
      <path
        d="M0 -11 L3 -8 L7 -9 L7 -5 L11 -3 L8 0 L11 3 L7 5 L7 9 L3 8 L0 11 L-3 8 L-7 9 L-7 5 L-11 3 L-8 0 L-11 -3 L-7 -5 L-7 -9 L-3 -8 Z"
        fill={ink}
      />
      <circle cx={0} cy={0} r={4.5} fill={paper} />
      <path d="M-1.5 1 L1.5 1 L0 3 Z" fill={ink} />
    </>
  ),
  // A boulder.
  Troll: (ink, paper) => (
    <>
      <path d="M-11 8 L-9 -2 L-4 -8 L4 -9 L10 -3 L11 8 Z" fill={ink} />
      <path d="M-4 -2 L1 1 L5 -3 M-2 4 L3 5" stroke={paper} {...line} strokeWidth={1.6} />
    </>
  ),
  // A drawn bow with its arrow.
  Ranger: (ink) => (
    <>
      <path d="M-6 -11 C4 -8 4 8 -6 11" stroke={ink} {...line} strokeWidth={3} />
      <path d="M-6 -11 L-6 11 M-9 0 L10 0" stroke={ink} {...line} strokeWidth={1.6} />
      <path d="M11 0 L6 -3.5 L6 3.5 Z" fill={ink} />
    </>
  ),
  // One great eye.
  Cyclops: (ink, paper) => (
    <>
      <path d="M-12 0 C-6 -9 6 -9 12 0 C6 9 -6 9 -12 0 Z" fill={ink} />
      <circle cx={0} cy={0} r={4.5} fill={paper} />
      <circle cx={0} cy={0} r={2.2} fill={ink} />
    </>
  ),
  // A hooked beak on a feathered head.
  Griffon: (ink, paper) => (
    <>
      <path d="M-8 10 C-10 2 -8 -8 1 -9 C6 -9 10 -6 11 -2 L4 -1 C6 2 5 5 2 4 C1 7 -2 9 -8 10 Z" fill={ink} />
      <circle cx={2} cy={-5} r={1.4} fill={paper} />
    </>
  ),
  // A bull's head with great horns.
  Minotaur: (ink, paper) => (
    <>
      <path
        d="M-5 -4 C-10 -4 -12 -8 -11 -11 C-8 -8 -6 -8 -4 -8 M5 -4 C10 -4 12 -8 11 -11 C8 -8 6 -8 4 -8"
        stroke={ink}
        {...line}
      />
      <path d="M-5 -7 L5 -7 L6 3 L3 10 L-3 10 L-6 3 Z" fill={ink} />
      <circle cx={-1.5} cy={7} r={0.9} fill={paper} />
      <circle cx={1.5} cy={7} r={0.9} fill={paper} />
    </>
  ),
  // A barbed tail under a wing.
  Wyvern: (ink) => (
    <>
      <path d="M-11 -2 L-2 -11 L-1 -3 L4 -9 L4 -1 Z" fill={ink} />
      <path d="M-6 2 C0 10 6 -2 10 6" stroke={ink} {...line} />
      <path d="M12 9 L7 7 L11 3 Z" fill={ink} />
    </>
  ),
  // Three heads on one body.
  Hydra: (ink) => (
    <>
      <path
        d="M0 11 L0 0 M0 3 C-4 1 -8 -2 -8 -7 M0 3 C4 1 8 -2 8 -7"
        stroke={ink}
        {...line}
        strokeWidth={2.8}
      />
      <circle cx={-8} cy={-8} r={2.8} fill={ink} />
      <circle cx={0} cy={-4} r={2.8} fill={ink} />
      <circle cx={8} cy={-8} r={2.8} fill={ink} />
      <path d="M-6 11 L6 11" stroke={ink} {...line} strokeWidth={3} />
    </>
  ),
  // A bear's paw.
  Warbear: (ink) => (
    <>
      <ellipse cx={0} cy={4} rx={7} ry={6} fill={ink} />
      <circle cx={-8} cy={-4} r={2.6} fill={ink} />
      <circle cx={-3} cy={-8} r={2.6} fill={ink} />
      <circle cx={3} cy={-8} r={2.6} fill={ink} />
      <circle cx={8} cy={-4} r={2.6} fill={ink} />
    </>
  ),
  // A spiral horn.
  Unicorn: (ink, paper) => (
    <>
      <path d="M-7 11 L9 -11 L-1 11 Z" fill={ink} />
      <path d="M-3 6 L2 8 M0 1 L4 3 M3 -4 L6 -3" stroke={paper} {...line} strokeWidth={1.5} />
    </>
  ),
  // Two great tusks.
  Behemoth: (ink) => (
    <>
      <path d="M-4 -10 C-12 -6 -12 6 -2 10 M4 -10 C12 -6 12 6 2 10" stroke={ink} {...line} strokeWidth={4} />
      <circle cx={0} cy={-9} r={3} fill={ink} />
    </>
  ),
  // A column.
  Colossus: (ink) => (
    <>
      <path d="M-9 -11 L9 -11 L9 -8 L-9 -8 Z M-9 8 L9 8 L9 11 L-9 11 Z" fill={ink} />
      <path d="M-5 -8 L-5 8 M0 -8 L0 8 M5 -8 L5 8" stroke={ink} {...line} strokeWidth={3} />
    </>
  ),
  // A coiled snake.
  Serpent: (ink) => (
    <>
      <path
        d="M-10 9 C-2 11 8 8 6 3 C4 -1 -6 2 -7 -3 C-8 -8 2 -10 6 -8"
        stroke={ink}
        {...line}
        strokeWidth={3.2}
      />
      <ellipse cx={8} cy={-8} rx={3.2} ry={2.2} fill={ink} />
    </>
  ),
  // A flame.
  Dragon: (ink) => (
    <path
      d="M0 11 C-8 11 -10 4 -7 -2 C-6 1 -4 2 -3 2 C-5 -4 -1 -8 2 -11 C2 -6 9 -3 8 4 C7 9 4 11 0 11 Z M0 9 C-3 9 -4 6 -2 3 C-1 5 1 5 1 3 C3 5 3 9 0 9 Z"
      fill={ink}
      fillRule="evenodd"
    />
  ),
  // A great footprint.
  Giant: (ink) => (
    <>
      <path d="M-5 -3 C-7 4 -6 11 -1 11 C4 11 6 6 5 0 C4 -4 -3 -7 -5 -3 Z" fill={ink} />
      <circle cx={-6} cy={-7} r={2} fill={ink} />
      <circle cx={-2} cy={-9} r={2} fill={ink} />
      <circle cx={2} cy={-9} r={1.8} fill={ink} />
      <circle cx={5.5} cy={-7.5} r={1.6} fill={ink} />
      <circle cx={8} cy={-5} r={1.4} fill={ink} />
    </>
  ),
  // A head crowned with snakes.
  Gorgon: (ink, paper) => (
    <>
      <circle cx={0} cy={3} r={6} fill={ink} />
      <path
        d="M-5 -2 C-10 -4 -8 -8 -11 -10 M0 -3 C-2 -6 2 -8 0 -11 M5 -2 C10 -4 8 -8 11 -10"
        stroke={ink}
        {...line}
      />
      <path d="M-3 2 L-1 2 M1 2 L3 2" stroke={paper} {...line} strokeWidth={1.6} />
    </>
  ),
};

/** The glyph of `type`, `size` units wide, centred on (x, y), in `ink`. */
export function CreatureGlyph(props: {
  readonly type: CharacterName;
  readonly size: number;
  readonly ink: string;
  readonly paper: string;
  readonly x?: number;
  readonly y?: number;
}) {
  const k = props.size / 24;
  return (
    <g
      className="creature-glyph"
      data-creature={props.type}
      transform={`translate(${props.x ?? 0} ${props.y ?? 0}) scale(${Math.round(k * 1000) / 1000})`}
      pointerEvents="none"
    >
      {GLYPHS[props.type](props.ink, props.paper)}
    </g>
  );
}

/** The glyph as a small picture beside a name in the panels (its name is the words around it). */
export function CreatureIcon({ type }: { readonly type: CharacterName }) {
  return (
    <svg className="creature-icon" viewBox="-12 -12 24 24" width="1.2em" height="1.2em" aria-hidden="true">
      <CreatureGlyph type={type} size={24} ink="currentColor" paper="#fff" />
    </svg>
  );
}
