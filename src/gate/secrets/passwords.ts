// Detects password values: a password-like label followed by a value that is given, not merely mentioned
// ("my password is hunter2", "DB_PASSWORD=...", "pwd: x"), while "I reset my password" stays allowed.
import { startsLabel } from './match.ts';
import { isPlaceholder } from './placeholders.ts';
import type { SecretFinding } from './types.ts';

// English labels plus common European ones ("mot de passe", "contraseña", "Passwort"...).
const LABEL =
  /(?:password|passwd|passphrase|passcode|pass[ -]word|pwd|pass|pin(?:[ _-]?(?:code|number))?|passwort|kennwort|mot de passe|contraseña|senha|wachtwoord|пароль)(?!\p{L})/giu;
// "password: x", "PASSWORD=x", "password => x"; an optional closing quote covers JSON/YAML keys.
const ASSIGNMENT = /^["']?\s*(?::=|=>|->|[:=])\s*/;
// "password is x", "the wifi password for the cabin is x", "PIN for the card: x": prepositional phrases only,
// so "password manager is bitwarden" (a password manager, not a password) does not match.
const STATEMENT =
  /^(?:\s+(?:for|to|of|on|at|in|de|du|des|del|für|vom|para|do|da)(?:\s+[^\s.!?:;,=]+){1,4}?)?(?:\s+(?:is now|is set to|was changed to|changed to|set to|is|was|equals|should be|will be|es|ist|est|é|è|era|war|était)\s+|\s*[:=]\s*)/i;
// "password raspberry42", 'with password "x"': no separator at all, so only a quoted or clearly random value.
const JUXTAPOSED = /^\s+(?=["'`“‘]|\S*[0-9!@#$%^&*])/;
const QUOTED = /^(["'`“‘])([^"'`”’\n]{1,128})["'`”’]/;
// Template markers first, so "${DB_PASSWORD}" and "<set in .env>" are read whole (and then seen as placeholders).
const BARE = /^(?:\$\{[^}\s]*\}|\{\{[^}]*\}\}|<[^>\n]{0,40}>|\[[^\]\n]{0,40}\]|[^\s,;'"`)\]}<>]+)/;

// Words that follow "password is" in prose about a password rather than giving one.
const PROSE_WORDS = new Set(
  (
    'a an the my your his her our their its this that it not no too very so now still also already just only ' +
    'same different new old strong weak long short secure safe insecure fine good bad wrong right correct ' +
    'incorrect invalid valid required optional mandatory empty blank missing unknown unset set reset expired ' +
    'something nothing anything everything somewhere there here what which who where when why how in on at of ' +
    'for to from with without by under over into onto about as if because but and or yet then than be being ' +
    'been due overdue temporary random unique shared one easy hard simple complex complicated forgotten lost ' +
    'case-sensitive sensitive mine yours ours theirs written kept saved stored ok okay fixed broken locked ' +
    'unlocked enough important necessary needed impossible possible same-as identical similar like see ask ' +
    'check use call contact look refer find follow'
  ).split(' '),
);
// Words that follow a number when it is a length or a duration ("password is 12 characters long").
const UNITS =
  /^\s+(?:characters?|chars?|digits?|letters?|symbols?|long|minimum|max(?:imum)?|days?|weeks?|months?|years?|hours?|minutes?|times?|or more|and up)\b/i;

function isProseWord(value: string): boolean {
  const word = value.toLowerCase();
  return PROSE_WORDS.has(word) || /^[a-z-]+(?:ed|ing|ly)$/.test(word);
}

type Form = 'assignment' | 'statement' | 'juxtaposed';

/** Decides whether the value after a label is a password being given. */
function isPasswordValue(value: string, quoted: boolean, form: Form, after: string): boolean {
  if (value.length < 3 || isPlaceholder(value)) return false;
  if (quoted) return true;
  if (UNITS.test(after)) return false;
  // Shell paths after "pwd:" are the working directory, not a password.
  if (/^(?:~|\.{0,2})\/[^\s]*$/.test(value)) return false;
  const wordLike = /^\p{L}[\p{Ll}-]*$/u.test(value);
  if (!wordLike) return form !== 'juxtaposed' || (/\p{L}/u.test(value) && value.length >= 6);
  if (form === 'juxtaposed' || isProseWord(value)) return false;
  // A bare dictionary-looking word counts only when it ends the clause: "password is swordfish." gives one,
  // "password: see the vault entry" points elsewhere.
  return /^(?:\s*$|\s*[.,;!?)]|\s+(?:and|but|so)\b)/.test(after);
}

function isPinValue(value: string): boolean {
  return /^\d{4,8}$/.test(value);
}

/** Password, passphrase, passcode and PIN values given after a label. */
export function detectPasswords(text: string): SecretFinding[] {
  const findings: SecretFinding[] = [];
  for (const label of text.matchAll(LABEL)) {
    if (!startsLabel(text, label.index)) continue;
    const labelEnd = label.index + label[0].length;
    const tail = text.slice(labelEnd, labelEnd + 200);
    const assignment = ASSIGNMENT.exec(tail);
    const statement = assignment ? null : STATEMENT.exec(tail);
    const separator = assignment ?? statement ?? JUXTAPOSED.exec(tail);
    if (!separator) continue;
    const form: Form = assignment ? 'assignment' : statement ? 'statement' : 'juxtaposed';
    const rest = tail.slice(separator[0].length);
    const quoted = QUOTED.exec(rest);
    const raw = quoted ? quoted[2] : BARE.exec(rest)?.[0];
    if (raw === undefined) continue;
    const value = quoted ? (raw ?? '') : raw.replace(/[.!?:]+$/, '');
    const consumed = quoted ? quoted[0].length : value.length;
    const after = rest.slice(consumed);
    const isPin = /^pin/i.test(label[0]);
    // Bare "pass" is also a boarding pass, a mountain pass, a verb: only a random-looking value counts.
    const strictForm = /^pass$/i.test(label[0]) ? 'juxtaposed' : form;
    const accepted = isPin ? isPinValue(value) : isPasswordValue(value, quoted !== null, strictForm, after);
    if (!accepted) continue;
    const valueStart = labelEnd + separator[0].length;
    findings.push({ code: 'secret.password', start: valueStart, end: valueStart + consumed });
  }
  return findings;
}
