/**
 * A character with what joins it on screen: marks (accents, Hebrew points, Arabic harakat,
 * variation selectors), joiners and the emoji a zero-width joiner binds, skin tones, tag
 * characters, and a pair of regional indicators (a flag). Close enough to UAX #29's grapheme
 * clusters for choosing fonts, reversing and wrapping; Intl.Segmenter would be exact, but its
 * iterator takes quadratic time in V8 (200,000 characters: 28 s) and an NDA's text may be
 * 100,000 characters without a line break.
 */
const GRAPHEME = /\p{RI}{2}|[^](?:[\p{M}\u200C\u200D\p{Emoji_Modifier}\u{E0020}-\u{E007F}]|(?<=\u200D)\p{Extended_Pictographic})*/gu;

export interface Grapheme {
  segment: string;
  /** Where it starts in the text, in UTF-16 code units. */
  index: number;
}

export function graphemes(text: string): Grapheme[] {
  return Array.from(text.matchAll(GRAPHEME), (match) => ({ segment: match[0], index: match.index }));
}
