// Converts the reference data beside the checkout (../shared/reference: Colossus's default XML, entry-sides.json)
// into the committed TypeScript files of shared/data/generated/. Only this tool and its test read the reference;
// the game never does. The output is deterministic, so the test can regenerate it and compare byte for byte.
//
//   npm run import-reference                    writes shared/data/generated/
//   npm run import-reference -- --out <dir>     writes elsewhere (the test uses a temporary directory)
//   TITAN_REFERENCE_DIR=<dir>                   reads the reference from <dir> instead of <repo>/../shared/reference

import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { XMLParser } from 'fast-xml-parser';
import { neighbour, opposite } from '../shared/data/hexGeometry';
import type {
  AttackerSide,
  Direction,
  HexLabel,
  Hexside,
  HexsideHazard,
  HexTerrain,
  PlayerColor,
  Sign,
  Terrain,
} from '../shared/data/types';
import { ATTACKER_SIDES, HEX_LABELS, PLAYER_COLORS, TERRAINS } from '../shared/data/types';

const REPO_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export const DEFAULT_OUT_DIR = join(REPO_DIR, 'shared', 'data', 'generated');

export function referenceDir(): string {
  return process.env.TITAN_REFERENCE_DIR ?? resolve(REPO_DIR, '..', 'shared', 'reference');
}

export const GENERATED_FILES = ['battlelands.ts', 'markers.ts', 'masterboard.ts'] as const;
export type GeneratedFile = (typeof GENERATED_FILES)[number];

class ImportError extends Error {}

function fail(message: string): never {
  throw new ImportError(`import-reference: ${message}`);
}

// ---------------------------------------------------------------- XML helpers

type XmlNode = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  isArray: (name) => ['hex', 'exit', 'battlehex', 'border', 'battlehexref'].includes(name),
});

function parseXml(path: string): XmlNode {
  return parser.parse(readFileSync(path, 'utf8')) as XmlNode;
}

function child(node: XmlNode, name: string, where: string): XmlNode {
  const c = node[name];
  if (typeof c !== 'object' || c === null || Array.isArray(c)) fail(`${where}: missing <${name}>`);
  return c as XmlNode;
}

function children(node: XmlNode, name: string): XmlNode[] {
  const c = node[name];
  if (c === undefined || c === '') return [];
  if (!Array.isArray(c)) fail(`<${name}> is not a list`);
  return c as XmlNode[];
}

function attr(node: XmlNode, name: string, where: string): string {
  const v = node[name];
  if (typeof v !== 'string') fail(`${where}: missing attribute ${name}`);
  return v;
}

function intAttr(node: XmlNode, name: string, where: string): number {
  const v = attr(node, name, where);
  if (!/^-?\d+$/.test(v)) fail(`${where}: attribute ${name}="${v}" is not an integer`);
  return Number(v);
}

function isTerrain(s: string): s is Terrain {
  return (TERRAINS as readonly string[]).includes(s);
}

// ---------------------------------------------------------------- Battlelands

// GEOMETRY.md section 1: Colossus's (x, y) → standard label. Y counts down; off = [1, 1, 0, 0, 0, 1].
const LABEL_OFFSET = [1, 1, 0, 0, 0, 1] as const;

export function labelFromXml(x: number, y: number): HexLabel {
  const off = LABEL_OFFSET[x as 0 | 1 | 2 | 3 | 4 | 5];
  if (off === undefined) fail(`battlehex x=${x} is out of range`);
  const label = `${'ABCDEF'[x]}${6 - y - off}`;
  if (!(HEX_LABELS as readonly string[]).includes(label)) fail(`battlehex (${x}, ${y}) is not on the board`);
  return label as HexLabel;
}

// GEOMETRY.md section 3. The Default lands use only these; Lake, Stone, river etc. belong to other variants.
const HEX_TERRAIN_FROM_XML: Readonly<Record<string, HexTerrain>> = {
  Plains: 'Plains',
  Tree: 'Tree',
  Brambles: 'Bramble',
  Sand: 'Sand',
  Bog: 'Bog',
  Drift: 'Drift',
  Volcano: 'Volcano',
  Tower: 'Tower',
};

const HAZARD_FROM_XML: Readonly<Record<string, HexsideHazard>> = {
  s: 'slope',
  c: 'cliff',
  d: 'dune',
  w: 'wall',
};

interface HexData {
  terrain: HexTerrain;
  elevation: number;
  hexsides: (Hexside | null)[];
}

interface BattlelandData {
  terrain: Terrain;
  hexes: Map<HexLabel, HexData>;
  startHexes: HexLabel[] | null;
}

function readBattleland(path: string, fileTerrain: string): BattlelandData {
  const root = child(parseXml(path), 'battlemap', path);
  const terrain = attr(root, 'terrain', path);
  if (terrain !== fileTerrain || !isTerrain(terrain))
    fail(`${path}: terrain "${terrain}" does not match the file`);
  const hexes = new Map<HexLabel, HexData>();
  for (const label of HEX_LABELS) {
    hexes.set(label, { terrain: 'Plains', elevation: 0, hexsides: [null, null, null, null, null, null] });
  }

  // Pass 1: hex terrains and elevations; remember every border as written.
  const marks: { label: HexLabel; dir: Direction; hazard: HexsideHazard }[] = [];
  const seen = new Set<HexLabel>();
  for (const bh of children(root, 'battlehex')) {
    const where = `${path} battlehex`;
    const label = labelFromXml(intAttr(bh, 'x', where), intAttr(bh, 'y', where));
    if (seen.has(label)) fail(`${path}: ${label} is listed twice`);
    seen.add(label);
    const xmlTerrain = attr(bh, 'terrain', where);
    const hexTerrain = HEX_TERRAIN_FROM_XML[xmlTerrain];
    if (hexTerrain === undefined) fail(`${path}: ${label} has unknown terrain ${xmlTerrain}`);
    const hex = hexes.get(label)!;
    hex.terrain = hexTerrain;
    hex.elevation = bh.elevation === undefined ? 0 : intAttr(bh, 'elevation', where);
    for (const b of children(bh, 'border')) {
      const n = intAttr(b, 'number', where);
      if (n < 0 || n > 5) fail(`${path}: ${label} border number ${n}`);
      const type = attr(b, 'type', where);
      const hazard = HAZARD_FROM_XML[type];
      if (hazard === undefined) fail(`${path}: ${label} has unknown border type ${type}`);
      marks.push({ label, dir: n as Direction, hazard });
    }
  }

  // Pass 2: put each hazard on both hexes; the hex carrying the mark is on top (GEOMETRY.md section 3).
  for (const { label, dir, hazard } of marks) {
    const other = neighbour(label, dir);
    if (other === null) fail(`${path}: ${label} has a ${hazard} hexside leading off the board`);
    const back = opposite(dir);
    if (marks.some((m) => m.label === other && m.dir === back)) {
      fail(`${path}: the hexside ${label}/${other} is marked on both hexes`);
    }
    hexes.get(label)!.hexsides[dir] = { hazard, top: true };
    hexes.get(other)!.hexsides[back] = { hazard, top: false };
  }

  let startHexes: HexLabel[] | null = null;
  const startlist = root.startlist;
  if (startlist !== undefined) {
    const refs = children(startlist as XmlNode, 'battlehexref').map((r) =>
      attr(r, 'label', `${path} startlist`),
    );
    for (const r of refs) {
      if (!(HEX_LABELS as readonly string[]).includes(r)) fail(`${path}: start hex ${r} is not a label`);
    }
    startHexes = HEX_LABELS.filter((l) => refs.includes(l));
    if (startHexes.length !== refs.length) fail(`${path}: duplicate start hexes`);
  }
  const tower = attr(root, 'tower', path) === 'True';
  if (tower !== (terrain === 'Tower') || tower !== (startHexes !== null)) {
    fail(`${path}: only the Tower is a tower and has a start list`);
  }
  return { terrain, hexes, startHexes };
}

function readBattlelands(dir: string): BattlelandData[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.xml'))
    .sort();
  const lands = files.map((f) => readBattleland(join(dir, f), f.slice(0, -'.xml'.length)));
  const names = lands.map((l) => l.terrain).sort();
  if (names.join() !== [...TERRAINS].sort().join())
    fail(`battlelands ${names.join()} are not the 11 terrains`);
  return lands;
}

/** A single-quoted TypeScript string literal. */
function quote(s: string): string {
  return `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

function renderHexside(h: Hexside | null): string {
  return h === null ? 'null' : `{ hazard: '${h.hazard}', top: ${h.top} }`;
}

function renderBattlelands(lands: readonly BattlelandData[]): string {
  const out: string[] = [
    '// Generated by tools/import-reference.ts from reference/colossus-default/Battlelands/*.xml. Do not edit.',
    '// Labels per errata 2.2; hexsides indexed by direction 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW; each hazard is on',
    '// both hexes of its hexside, top=true on the hex the reference marks (the upper side).',
    '',
    "import type { Battleland, Terrain } from '../types';",
    '',
    'export const BATTLELAND_DATA: Readonly<Record<Terrain, Battleland>> = {',
  ];
  const byTerrain = new Map(lands.map((l) => [l.terrain, l]));
  for (const terrain of TERRAINS) {
    const land = byTerrain.get(terrain)!;
    out.push(`  ${terrain}: {`, `    terrain: '${terrain}',`, '    hexes: {');
    for (const label of HEX_LABELS) {
      const h = land.hexes.get(label)!;
      const sides = h.hexsides.map(renderHexside).join(', ');
      out.push(
        `      ${label}: { label: '${label}', terrain: '${h.terrain}', elevation: ${h.elevation}, hexsides: [${sides}] },`,
      );
    }
    out.push('    },');
    const start = land.startHexes === null ? 'null' : `[${land.startHexes.map((s) => `'${s}'`).join(', ')}]`;
    out.push(`    startHexes: ${start},`, '  },');
  }
  out.push('};', '');
  return out.join('\n');
}

// ---------------------------------------------------------------- Masterboard

const SIGN_FROM_XML: Readonly<Record<string, Sign>> = {
  BLOCK: 'block',
  ARCH: 'arch',
  ARROW: 'arrow',
  ARROWS: 'arrows',
};

interface ExitData {
  to: number;
  sign: Sign;
  entry: AttackerSide;
}

interface LandData {
  number: number;
  terrain: Terrain;
  exits: ExitData[];
  neighbours: number[];
  col: number;
  row: number;
  pointsUp: boolean;
}

interface EntryStep {
  from: number;
  to: number;
  sign: Sign;
  entry: AttackerSide;
}

function readEntrySides(path: string): Map<string, EntryStep> {
  const json = JSON.parse(readFileSync(path, 'utf8')) as { steps?: unknown };
  if (!Array.isArray(json.steps)) fail(`${path}: no steps`);
  const steps = new Map<string, EntryStep>();
  for (const s of json.steps as Record<string, unknown>[]) {
    const from = Number(s.from);
    const to = Number(s.to);
    const sign = s.sign;
    const entry = s.entry;
    if (!Number.isInteger(from) || !Number.isInteger(to)) fail(`${path}: bad step ${JSON.stringify(s)}`);
    if (typeof sign !== 'string' || !Object.values(SIGN_FROM_XML).includes(sign as Sign)) {
      fail(`${path}: bad sign in ${JSON.stringify(s)}`);
    }
    if (typeof entry !== 'string' || !(ATTACKER_SIDES as readonly string[]).includes(entry)) {
      fail(`${path}: bad entry in ${JSON.stringify(s)}`);
    }
    const key = `${from}->${to}`;
    if (steps.has(key)) fail(`${path}: step ${key} listed twice`);
    steps.set(key, { from, to, sign: sign as Sign, entry: entry as AttackerSide });
  }
  return steps;
}

function readMasterboard(mapPath: string, entryPath: string): LandData[] {
  const board = child(parseXml(mapPath), 'board', mapPath);
  const width = intAttr(board, 'width', mapPath);
  const height = intAttr(board, 'height', mapPath);
  const lands = new Map<number, LandData>();
  const positions = new Map<string, number>();
  const rawExits: { from: number; to: number; sign: Sign }[] = [];
  for (const hex of children(board, 'hex')) {
    const where = `${mapPath} hex`;
    const number = intAttr(hex, 'label', where);
    const terrain = attr(hex, 'terrain', where);
    if (!isTerrain(terrain)) fail(`${mapPath}: land ${number} has unknown terrain ${terrain}`);
    const col = intAttr(hex, 'xpos', where);
    const row = intAttr(hex, 'ypos', where);
    if (col < 0 || col >= width || row < 0 || row >= height)
      fail(`${mapPath}: land ${number} is off the grid`);
    if (lands.has(number)) fail(`${mapPath}: land ${number} listed twice`);
    if (positions.has(`${col},${row}`)) fail(`${mapPath}: two lands at (${col}, ${row})`);
    positions.set(`${col},${row}`, number);
    lands.set(number, { number, terrain, exits: [], neighbours: [], col, row, pointsUp: false });
    for (const e of children(hex, 'exit')) {
      const type = attr(e, 'type', where);
      const sign = SIGN_FROM_XML[type];
      if (sign === undefined) fail(`${mapPath}: land ${number} has unknown exit type ${type}`);
      rawExits.push({ from: number, to: intAttr(e, 'label', where), sign });
    }
  }
  if (lands.size !== 96) fail(`${mapPath}: ${lands.size} lands, expected 96 (2.1)`);

  // Every sign joins two lands of the grid that share a side: the same row and adjacent columns, or the same
  // column and adjacent rows. Each cell of the 15×8 grid is a triangle (a hex with three long and three short
  // sides): it shares its left and right long sides with the cells beside it in its row and its third, flat
  // side with the cell directly above or below it. A triangle pointing UP has its flat side at the bottom
  // (grid rows count downward), so its vertical neighbour is in row + 1. The orientation alternates like a
  // checkerboard; which parity of col + row points up is read from the vertical signs and must be the same for
  // all of them (in the Default map: col + row odd points up; tower 100 and Mountains 1000 point up).
  let upParity: number | null = null;
  for (const e of rawExits) {
    const a = lands.get(e.from)!;
    const b = lands.get(e.to) ?? fail(`${mapPath}: land ${e.from} has a sign to unknown land ${e.to}`);
    const dc = b.col - a.col;
    const dr = b.row - a.row;
    const sideways = Math.abs(dc) === 1 && dr === 0;
    const vertical = dc === 0 && Math.abs(dr) === 1;
    if (!sideways && !vertical) fail(`${mapPath}: sign ${e.from}->${e.to} joins lands that do not touch`);
    if (vertical) {
      const parity = (a.col + a.row) % 2;
      const up = dr === 1 ? parity : 1 - parity;
      if (upParity !== null && upParity !== up)
        fail(`${mapPath}: triangle orientation is not a checkerboard`);
      upParity = up;
    }
  }
  if (upParity === null) fail(`${mapPath}: no vertical signs to orient the triangles`);
  for (const land of lands.values()) land.pointsUp = (land.col + land.row) % 2 === upParity;

  // Neighbours: every land sharing a side in the grid, which must equal every land joined by a sign either way.
  for (const land of lands.values()) {
    const cells = [
      [land.col - 1, land.row],
      [land.col + 1, land.row],
      [land.col, land.pointsUp ? land.row + 1 : land.row - 1],
    ];
    const grid = cells.flatMap(([c, r]) => {
      const n = positions.get(`${c},${r}`);
      return n === undefined ? [] : [n];
    });
    const signed = new Set(
      rawExits.flatMap((e) => (e.from === land.number ? [e.to] : e.to === land.number ? [e.from] : [])),
    );
    const gridSorted = grid.sort((x, y) => x - y);
    const signedSorted = [...signed].sort((x, y) => x - y);
    if (gridSorted.join() !== signedSorted.join()) {
      fail(
        `${mapPath}: land ${land.number} touches ${gridSorted.join()} but has signs with ${signedSorted.join()}`,
      );
    }
    land.neighbours = gridSorted;
  }

  // Entry sides (errata 2.2, 10.1): every exit must have exactly one row in entry-sides.json, and vice versa.
  const steps = readEntrySides(entryPath);
  const used = new Set<string>();
  for (const e of rawExits) {
    const key = `${e.from}->${e.to}`;
    if (used.has(key)) fail(`${mapPath}: two signs for the step ${key}`);
    used.add(key);
    const step = steps.get(key) ?? fail(`${entryPath}: no row for the exit ${key} of ${mapPath}`);
    if (step.sign !== e.sign) fail(`${entryPath}: step ${key} has sign ${step.sign}, the map has ${e.sign}`);
    const target = lands.get(e.to)!;
    if (target.terrain === 'Tower' && step.entry !== 'bottom') fail(`${entryPath}: step ${key} into a tower`);
    lands.get(e.from)!.exits.push({ to: e.to, sign: e.sign, entry: step.entry });
  }
  for (const key of steps.keys()) {
    if (!used.has(key)) fail(`${entryPath}: step ${key} is not an exit of ${mapPath}`);
  }
  const result = [...lands.values()].sort((a, b) => a.number - b.number);
  for (const land of result) land.exits.sort((a, b) => a.to - b.to);
  return result;
}

function renderMasterboard(lands: readonly LandData[]): string {
  const out: string[] = [
    '// Generated by tools/import-reference.ts from reference/colossus-default/DefaultMap.xml and',
    '// reference/entry-sides.json. Do not edit. Lands in ascending number, exits in ascending `to`.',
    '// drawing: col/row are the cell of the 15x8 reference grid (row 0 at the top, rows count downward);',
    '// pointsUp: the land is a triangle with its apex up and its flat side (shared with row + 1) at the bottom.',
    '',
    "import type { Land } from '../types';",
    '',
    'export const MASTERBOARD_LANDS: readonly Land[] = [',
  ];
  for (const l of lands) {
    const exits = l.exits.map((e) => `{ to: ${e.to}, sign: '${e.sign}', entry: '${e.entry}' }`).join(', ');
    out.push(
      '  {',
      `    number: ${l.number},`,
      `    terrain: '${l.terrain}',`,
      `    exits: [${exits}],`,
      `    neighbours: [${l.neighbours.join(', ')}],`,
      `    drawing: { col: ${l.col}, row: ${l.row}, pointsUp: ${l.pointsUp} },`,
      '  },',
    );
  }
  out.push('];', '');
  return out.join('\n');
}

// ---------------------------------------------------------------- Markers

interface MarkerData {
  id: string;
  color: PlayerColor;
  name: string;
}

/** 4.2: the first six colours of MarkersName are the game's six, 12 markers each. */
function readMarkers(path: string): Map<PlayerColor, MarkerData[]> {
  const sections: { color: string; markers: { id: string; name: string }[] }[] = [];
  for (const raw of readFileSync(path, 'utf8').split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    if (line.startsWith('#')) {
      sections.push({ color: line.slice(1).trim(), markers: [] });
      continue;
    }
    const m = /^([A-Za-z]{2}\d{2})\s*=\s*(.+)$/.exec(line);
    const section = sections.at(-1);
    if (m === null || section === undefined) fail(`${path}: cannot read line "${line}"`);
    section.markers.push({ id: m[1]!, name: m[2]!.trim() });
  }
  const six = sections.slice(0, 6);
  if (
    six
      .map((s) => s.color)
      .sort()
      .join() !== [...PLAYER_COLORS].sort().join()
  ) {
    fail(`${path}: the first six colours are ${six.map((s) => s.color).join()}`);
  }
  const result = new Map<PlayerColor, MarkerData[]>();
  for (const s of six) {
    const color = s.color as PlayerColor;
    if (s.markers.length !== 12) fail(`${path}: ${color} has ${s.markers.length} markers, not 12 (4.2)`);
    const prefix = s.markers[0]!.id.slice(0, 2);
    s.markers.forEach((m, i) => {
      if (m.id !== `${prefix}${String(i + 1).padStart(2, '0')}`)
        fail(`${path}: ${color} marker ${m.id} out of order`);
    });
    result.set(
      color,
      s.markers.map((m) => ({ id: m.id, color, name: m.name })),
    );
  }
  return result;
}

function renderMarkers(markers: ReadonlyMap<PlayerColor, readonly MarkerData[]>): string {
  const out: string[] = [
    '// Generated by tools/import-reference.ts from reference/colossus-default/MarkersName. Do not edit.',
    '',
    "import type { Marker, PlayerColor } from '../types';",
    '',
    'export const MARKER_DATA: Readonly<Record<PlayerColor, readonly Marker[]>> = {',
  ];
  for (const color of PLAYER_COLORS) {
    out.push(`  ${color}: [`);
    for (const m of markers.get(color)!) {
      out.push(`    { id: '${m.id}', color: '${m.color}', name: ${quote(m.name)} },`);
    }
    out.push('  ],');
  }
  out.push('};', '');
  return out.join('\n');
}

// ---------------------------------------------------------------- Entry points

/** Reads the reference directory and returns the text of every generated file. Throws on any inconsistency. */
export function importReference(refDir: string): Record<GeneratedFile, string> {
  const colossus = join(refDir, 'colossus-default');
  return {
    'battlelands.ts': renderBattlelands(readBattlelands(join(colossus, 'Battlelands'))),
    'markers.ts': renderMarkers(readMarkers(join(colossus, 'MarkersName'))),
    'masterboard.ts': renderMasterboard(
      readMasterboard(join(colossus, 'DefaultMap.xml'), join(refDir, 'entry-sides.json')),
    ),
  };
}

export function writeGenerated(refDir: string, outDir: string): readonly string[] {
  const files = importReference(refDir);
  mkdirSync(outDir, { recursive: true });
  return GENERATED_FILES.map((name) => {
    const path = join(outDir, name);
    writeFileSync(path, files[name]);
    return path;
  });
}

function main(argv: readonly string[]): void {
  let outDir = DEFAULT_OUT_DIR;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--out') {
      outDir = resolve(argv[i + 1] ?? fail('--out needs a directory'));
      i++;
    } else {
      fail(`unknown argument ${argv[i]} (usage: import-reference [--out <dir>])`);
    }
  }
  for (const path of writeGenerated(referenceDir(), outDir)) console.log(`wrote ${path}`);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  try {
    main(process.argv.slice(2));
  } catch (e) {
    console.error(e instanceof ImportError ? e.message : e);
    process.exit(1);
  }
}
