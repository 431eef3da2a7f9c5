// Refusals in player words (issue 14): what the zod schemas find wrong with a request or a frame, said as
// sentences a player can act on ("The display name is missing."), never zod's own notation. The refusal's
// machine fields (its code, its status) stay as they are; only the message is written here.
import type { z } from 'zod';

/** How many of the problems found are told (the first ones; a client fixes those first). */
const TOLD = 3;

/** Keys whose words alone would not say what they are. */
const LABELS: Readonly<Record<string, string>> = {
  after: "history's starting point (after)",
  limit: 'page size (limit)',
  expectedSeq: 'expected position of the game (expectedSeq)',
  lastSeq: 'last position you hold (lastSeq)',
};

/** `displayName` → "display name"; a list index → "item 3". */
function words(key: PropertyKey): string {
  if (typeof key === 'number') return `item ${key + 1}`;
  const label = LABELS[String(key)];
  if (label !== undefined) return label;
  return String(key)
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
}

/** The field a problem is about, named by its last key (and the list item it is in); `where` when the
 *  problem is the whole of it. */
export function fieldName(path: readonly PropertyKey[], where: string): string {
  const last = path.at(-1);
  if (last === undefined) return where;
  if (typeof last === 'number') {
    const owner = path.at(-2);
    return owner === undefined ? words(last) : `${words(last)} of the ${words(owner)}`;
  }
  return words(last);
}

const KINDS: Readonly<Record<string, string>> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  object: 'an object with named fields',
  array: 'a list',
  date: 'a date',
};

const FORMATS: Readonly<Record<string, string>> = {
  uuid: 'an id',
  guid: 'an id',
  email: 'an e-mail address',
  datetime: 'a date and time',
  date: 'a date',
  url: 'a web address',
};

const quoted = (values: readonly unknown[]) => values.map((v) => JSON.stringify(v)).join(', ');

function sentence(issue: z.core.$ZodIssue, where: string): string {
  const the = `The ${fieldName(issue.path, where)}`;
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined
        ? `${the} is missing.`
        : `${the} must be ${KINDS[issue.expected] ?? issue.expected}.`;
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string')
        return min <= 1 ? `${the} may not be empty.` : `${the} must be at least ${min} characters long.`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `${the} must hold at least ${min} item${min === 1 ? '' : 's'}.`;
      return min <= Number.MIN_SAFE_INTEGER ? `${the} is too small.` : `${the} must be at least ${min}.`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `${the} must be at most ${max} characters long.`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `${the} may hold at most ${max} item${max === 1 ? '' : 's'}.`;
      return max >= Number.MAX_SAFE_INTEGER ? `${the} is too large.` : `${the} must be at most ${max}.`;
    }
    case 'invalid_format':
      return `${the} is not ${FORMATS[issue.format] ?? 'in the expected form'}.`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `${the} must be ${quoted(issue.values)}.`
        : `${the} must be one of ${quoted(issue.values)}.`;
    case 'unrecognized_keys':
      return `Unknown field${issue.keys.length === 1 ? '' : 's'} ${quoted(issue.keys)} in the ${where}: leave ${issue.keys.length === 1 ? 'it' : 'them'} out.`;
    case 'invalid_union':
      return `${the} is not one of the kinds allowed.`;
    case 'not_multiple_of':
      return `${the} must be a multiple of ${String(issue.divisor)}.`;
    case 'invalid_key':
    case 'invalid_element':
      return `${the} holds an entry that is not allowed.`;
    case 'custom':
      // The schemas' own refinements are written as whole sentences, or as reasons ("this name is reserved").
      return /^[A-Z]/.test(issue.message)
        ? issue.message
        : `${the} is not accepted: ${issue.message.replace(/\.$/, '')}.`;
    default:
      return `${the} is not valid.`;
  }
}

/** The problems of a failed parse of the request's `where` ('body', 'query', 'path', 'message'), as
 *  sentences. */
export function inWords(error: z.ZodError, where: string): string {
  const told = error.issues.slice(0, TOLD).map((issue) => sentence(issue, where));
  const more = error.issues.length - told.length;
  return [...told, ...(more > 0 ? [`(${more} more problem${more === 1 ? '' : 's'} after these.)`] : [])]
    .join(' ')
    .replace(/^./, (c) => c.toUpperCase());
}
