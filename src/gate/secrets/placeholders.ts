// Recognises placeholder values ("<password>", "${DB_PASSWORD}", "$(op read ...)", "****") that stand for a secret
// without being one. A vendor's documentation example ("AKIAIOSFODNN7EXAMPLE") is not one of them: people and test
// suites paste it as a stand-in for a real key, and refusing it costs nothing.

// A shell command substitution ("$(op read op://vault/db/password)") reads the secret from elsewhere when the
// command runs: it is a pointer, like a template marker. (A backquoted value never reaches here: the detectors read
// it as quoted, and a password in markdown's inline code, "password: `hunter2`", is a password.)
const TEMPLATE =
  /^(?:<[^>]*>|\$\([^)]*\)|\$\{[^}]*\}|\{\{[^}]*\}\}|\{[^}]*\}|\[[^\]]*\]|\$[A-Z_][A-Z0-9_]*|%[sd]|\*+|x{3,}|X{3,}|\.{3,}|…|_+)$/;
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
  // Installers' documented defaults, which they make the user change.
  'changeme',
  'change-me',
  'change_me',
  'changeit',
]);

/**
 * True when a token's longest run of letters and digits is one character repeated ("sk_live_xxxxxxxxxxxxxxxx",
 * ".../T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX"): a vendor's shape filled in by hand in an example or a
 * template file. No issued key has that body.
 */
export function isFilledTemplate(token: string): boolean {
  const runs = token.match(/[A-Za-z0-9]+/g) ?? [];
  const longest = runs.reduce((a, b) => (b.length > a.length ? b : a), '');
  return longest.length >= 8 && /^(.)\1+$/.test(longest);
}

// A value that tells the reader to put theirs in its place, in words joined by underscores or dashes:
// "YOUR_PASSWORD_HERE", "your-api-key", "VOTRE_MOT_DE_PASSE_ICI", "INSERT_TOKEN", "REPLACE_ME".
const INSTRUCTION =
  /^(?:[A-Za-z]+[_-])*(?:your|my|here|insert|replace|enter|put|votre|ici|tu|su|aqui|aquí|seu|sua|dein|deine|hier|il[_-]tuo|la[_-]tua)(?:[_-][A-Za-z]+)*$/i;

/** True when a value is a template marker or a stock placeholder word rather than an actual secret. */
export function isPlaceholder(value: string): boolean {
  const trimmed = value.trim();
  return (
    TEMPLATE.test(trimmed) ||
    WORDS.has(trimmed.toLowerCase()) ||
    /^process\.env\./.test(trimmed) ||
    (/[_-]/.test(trimmed) && INSTRUCTION.test(trimmed))
  );
}
