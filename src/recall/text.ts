// Small text helpers shared by the recall modules: whitespace folding and cuts that never split a character.

// JS `\s` misses NEL (U+0085), which some renderers still treat as a line break.
const WHITESPACE_RUN = /[\s\u0085]+/gu;

/** Collapses every run of whitespace (line breaks included) to one space and trims both ends. */
export function collapseWhitespace(text: string): string {
  return text.replace(WHITESPACE_RUN, ' ').trim();
}

/** Replaces typographic apostrophes with `'` so that "don’t" and "don't" compare equal. */
export function foldApostrophes(text: string): string {
  return text.replace(/[\u2018\u2019\u02bc\uff07]/gu, "'");
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/**
 * The first `end` UTF-16 units of `text`, one fewer when the cut would split a surrogate pair, so the result
 * never ends in half an emoji.
 */
export function safeHead(text: string, end: number): string {
  if (end <= 0) return '';
  if (end >= text.length) return text;
  return isHighSurrogate(text.charCodeAt(end - 1)) ? text.slice(0, end - 1) : text.slice(0, end);
}

/** The last `count` UTF-16 units of `text`, one fewer when the cut would split a surrogate pair. */
export function safeTail(text: string, count: number): string {
  if (count <= 0) return '';
  if (count >= text.length) return text;
  const start = text.length - count;
  return isHighSurrogate(text.charCodeAt(start - 1)) ? text.slice(start + 1) : text.slice(start);
}
