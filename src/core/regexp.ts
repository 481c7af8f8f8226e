// Text matched literally inside a pattern built at run time (a speaker's name, a rule's phrase, a firm's name).

/** `text` with every character a regular expression gives a meaning escaped, so that it matches itself. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
