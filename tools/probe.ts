// `npm run -s probe -- FILE`: the rules oracle (../shared/specs/probe.md).
// Prints one JSON result per query (an array for an array input) and nothing else.
import { readFileSync } from 'node:fs';
import { answerQuery } from '../shared/probe/index';

function readInput(file: string | undefined): string {
  if (file === undefined || file === '-') return readFileSync(0, 'utf8');
  return readFileSync(file, 'utf8');
}

const text = readInput(process.argv[2]);
let input: unknown;
try {
  input = JSON.parse(text);
} catch (e) {
  process.stderr.write(`probe: the input is not JSON: ${(e as Error).message}\n`);
  process.exit(1);
}
const output = Array.isArray(input) ? input.map(answerQuery) : answerQuery(input);
process.stdout.write(`${JSON.stringify(output)}\n`);
