// The rules oracle behind `npm run -s probe` (../shared/specs/probe.md): one answer per query.
import { answerBattleQuery } from './battle';
import { answerMasterboardQuery } from './masterboard';

export type ProbeAnswer = Record<string, unknown> | { readonly error: string };

export function answerQuery(query: unknown): ProbeAnswer {
  if (typeof query !== 'object' || query === null || Array.isArray(query)) {
    return { error: 'a query must be a JSON object' };
  }
  const kind = (query as { query?: unknown }).query;
  try {
    if (kind === 'battle') return answerBattleQuery(query);
    if (kind === 'masterboard') return answerMasterboardQuery(query);
    return { error: `unknown query kind ${JSON.stringify(kind)}: expected "battle" or "masterboard"` };
  } catch (e) {
    return { error: (e as Error).message };
  }
}
