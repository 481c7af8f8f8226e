// Recognises placeholder values ("<password>", "${DB_PASSWORD}", "****") that stand for a secret without being one.

const TEMPLATE =
  /^(?:<[^>]*>|\$\{[^}]*\}|\{\{[^}]*\}\}|\{[^}]*\}|\[[^\]]*\]|\$[A-Z_][A-Z0-9_]*|%[sd]|\*+|x{3,}|X{3,}|\.{3,}|…|_+)$/;
const WORDS = new Set([
  'password',
  'passwd',
  'pass',
  'pwd',
  'secret',
  'token',
  'redacted',
  'hidden',
  'none',
  'null',
  'nil',
  'empty',
  'n/a',
  'tbd',
  'unknown',
  'unset',
  'your-password',
  'your_password',
  'yourpassword',
  'mypassword',
  'my_password',
  'placeholder',
  'example',
]);

/** True when a value is a template marker or a stock placeholder word rather than an actual secret. */
export function isPlaceholder(value: string): boolean {
  const trimmed = value.trim();
  return TEMPLATE.test(trimmed) || WORDS.has(trimmed.toLowerCase()) || /^process\.env\./.test(trimmed);
}
