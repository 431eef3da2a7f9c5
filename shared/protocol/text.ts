// Text people type that other people read (table chat): untrusted. It is normalised (Unicode NFC, runs of
// spaces made one, trimmed) and refused, with a reason in player words, when it is empty, too long, or
// holds control characters (line breaks and tabs included), bidirectional controls (which can make a
// message read backwards or hide part of it), line or paragraph separators, or lone surrogates.

export type TextProblem = 'empty' | 'tooLong' | 'forbiddenCharacters';

/** Controls (Cc: C0, DEL, C1), lone surrogates (Cs), the bidi marks, embeddings, overrides and isolates,
 *  and the line and paragraph separators. */
const FORBIDDEN = /[\p{Cc}\p{Cs}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/u;

export function cleanText(
  raw: string,
  maxLength: number,
): { readonly text: string } | { readonly problem: TextProblem; readonly message: string } {
  if (FORBIDDEN.test(raw)) {
    return {
      problem: 'forbiddenCharacters',
      message: 'Write on one line, without control or text-direction characters.',
    };
  }
  const text = raw.normalize('NFC').replace(/\s+/gu, ' ').trim();
  if (text === '') return { problem: 'empty', message: 'The message is empty.' };
  const length = [...text].length;
  if (length > maxLength) {
    return {
      problem: 'tooLong',
      message: `A message holds at most ${maxLength} characters (this one has ${length}).`,
    };
  }
  return { text };
}
