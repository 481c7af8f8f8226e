// The slot vocabulary of extracted memories: which `key` a proposal may carry, what each slot holds, and whether a
// subject may hold several live values for it. Consolidation supersedes on a single-valued slot only.

export interface SlotSpec {
  /** What the slot holds, in one line (shown to the chat model as is). */
  description: string;
  /** True when several live values are normal (two children, three pets): a new value must not supersede. */
  multi: boolean;
}

/**
 * The fixed slots. A proposal names one of these only when the statement clearly fills it ("I moved to Munich" ->
 * residence; "I love Munich" -> no key). Anything else carries no key: an invented key ("food_preference") would make
 * unrelated memories supersede each other.
 */
export const SLOTS = {
  name: { description: "the user's own name", multi: false },
  preferred_name: { description: 'what the user wants to be called', multi: false },
  pronouns: { description: "the user's pronouns", multi: false },
  birthday: { description: "the user's date of birth or birthday", multi: false },
  residence: { description: 'the city, region or country the user lives in now', multi: false },
  hometown: { description: 'where the user is from or grew up', multi: false },
  language: { description: 'the language the user wants answers in', multi: false },
  timezone: { description: "the user's time zone", multi: false },
  employer: { description: 'the organisation the user works for now', multi: false },
  job_title: { description: "the user's occupation or role", multi: false },
  school: { description: 'the school or university the user attends now', multi: false },
  diet: { description: 'a diet the user follows (vegan, vegetarian, halal, keto...)', multi: false },
  'partner:name': { description: "the name of the user's partner or spouse", multi: false },
  'child:name': { description: "the name of one of the user's children", multi: true },
  'pet:name': { description: "the name of one of the user's pets", multi: true },
  'sibling:name': { description: "the name of one of the user's siblings", multi: true },
  'parent:name': { description: "the name of one of the user's parents", multi: true },
} as const satisfies Record<string, SlotSpec>;

export type FixedSlotKey = keyof typeof SLOTS;

/**
 * Slot families with a parameter: one slot per thing (`allergy:peanut`, `allergy:花生`). The thing is written in its
 * canonical form (see slotThing) so "allergic to peanuts" and "peanut allergy" fill the same slot.
 */
export const SLOT_FAMILIES = {
  allergy: { description: 'an allergy or intolerance to <thing>, e.g. allergy:peanut', multi: false },
} as const satisfies Record<string, SlotSpec>;

export type SlotFamily = keyof typeof SLOT_FAMILIES;

/**
 * What follows `family:` in a parameterised key: lower-case words in any script joined by `_` or `-`, no digits,
 * none longer than 24 characters. A thing is a word ("peanut", "tree_nut", "花生"), never a token: lower-casing a
 * pasted key to make it canonical would also hide it from the write gate's detectors.
 */
const THING = /^(?=.{1,80}$)[\p{Ll}\p{Lo}\p{Lm}]{1,24}(?:[_-][\p{Ll}\p{Lo}\p{Lm}]{1,24})*$/u;

/**
 * The canonical form of a slot's thing: lower case, spaces as `_`, an English plural made singular (peanuts ->
 * peanut, berries -> berry, tomatoes -> tomato, but grass, citrus, analysis and penicillin unchanged). Undefined when nothing
 * usable is left.
 */
export function slotThing(text: string): string | undefined {
  const words = text
    .normalize('NFKC')
    .toLowerCase()
    .trim()
    .split(/\s+/)
    .filter((w) => w !== '');
  const last = words.pop();
  if (last === undefined) return undefined;
  const thing = [...words, singular(last)].join('_');
  return THING.test(thing) ? thing : undefined;
}

function singular(word: string): string {
  if (!/^[a-z]+$/.test(word) || word.length <= 3) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(?:o|ch|sh|x)es$/.test(word)) return word.slice(0, -2);
  if (/(?:ss|us|sis)$/.test(word)) return word;
  return word.endsWith('s') ? word.slice(0, -1) : word;
}

/** The key of a parameterised slot, or undefined when the thing has no canonical form. */
export function familyKey(family: SlotFamily, thing: string): string | undefined {
  const canonical = slotThing(thing);
  return canonical === undefined ? undefined : `${family}:${canonical}`;
}

/** The spec of a key, or undefined when it is not in the vocabulary (fixed slot, or family with a canonical thing). */
export function slotSpec(key: string): SlotSpec | undefined {
  if (Object.hasOwn(SLOTS, key)) return SLOTS[key as FixedSlotKey];
  const colon = key.indexOf(':');
  if (colon <= 0) return undefined;
  const family = key.slice(0, colon);
  const thing = key.slice(colon + 1);
  if (!Object.hasOwn(SLOT_FAMILIES, family) || !THING.test(thing)) return undefined;
  return SLOT_FAMILIES[family as SlotFamily];
}

/** True for a key of the vocabulary as stored (a family's thing need not be canonical here). */
export function isSlotKey(key: string): boolean {
  return slotSpec(key) !== undefined;
}

/**
 * The key in its stored form: trimmed and lower case, a family's thing made canonical ("Allergy:Peanuts" ->
 * allergy:peanut). Undefined when the key is not in the vocabulary.
 */
export function canonicalSlotKey(key: string): string | undefined {
  const trimmed = key.trim().toLowerCase();
  if (Object.hasOwn(SLOTS, trimmed)) return trimmed;
  const colon = trimmed.indexOf(':');
  if (colon <= 0) return undefined;
  const family = trimmed.slice(0, colon);
  if (!Object.hasOwn(SLOT_FAMILIES, family)) return undefined;
  return familyKey(family as SlotFamily, trimmed.slice(colon + 1).replace(/_/g, ' '));
}

/** True for slots that may hold several live values at once (children, pets): never supersede on these. */
export function isMultiValued(key: string): boolean {
  return slotSpec(key)?.multi === true;
}

/** The vocabulary as prompt lines: `key: description`, fixed slots then families. */
export function slotVocabularyLines(): string[] {
  return [
    ...Object.entries(SLOTS).map(([key, spec]) => `${key}: ${spec.description}`),
    ...Object.entries(SLOT_FAMILIES).map(([family, spec]) => `${family}:<thing>: ${spec.description}`),
  ];
}
