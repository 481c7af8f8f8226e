// The cue words the conflict filter reads a query's stance with: small, closed lists, English only.
//
// Why so small: a false "conflict" silently keeps a true memory out of the prompt, so only unambiguous cues are
// listed, and anything unlisted reads as "no stance" (the memory is kept). Words are lower case, apostrophes
// folded to ASCII.

/** Words that deny what follows them ("no", "don't", "never", "stop"). */
export const NEGATORS: ReadonlySet<string> = new Set([
  'no',
  'not',
  'never',
  'without',
  'none',
  'nothing',
  'nope',
  'non',
  'cannot',
  'dont',
  'doesnt',
  'didnt',
  'wont',
  'cant',
  'shouldnt',
  'wouldnt',
  'isnt',
  'stop',
  'quit',
  'refuse',
]);

/** Any contraction in n't ("don't", "won't", "shouldn't") is a negator too. */
export const NEGATOR_CONTRACTION = /n't$/;

/** Words that are negative on their own ("hate cilantro", "allergic to"), neutral when negated ("don't hate"). */
export const AVERSIONS: ReadonlySet<string> = new Set([
  'hate',
  'hates',
  'hated',
  'dislike',
  'dislikes',
  'detest',
  'avoid',
  'avoiding',
  'allergic',
  'allergy',
  'skip',
  'hold',
  'instead',
  'less',
  'remove',
  'exclude',
]);

/** Words that are positive on their own ("want", "craving", "extra"), negative when negated ("don't want"). */
export const DESIRES: ReadonlySet<string> = new Set([
  'want',
  'wants',
  'wanted',
  'wanna',
  'love',
  'loves',
  'adore',
  'enjoy',
  'enjoys',
  'prefer',
  'prefers',
  'crave',
  'craving',
  'add',
  'adding',
  'extra',
  'more',
  'fan',
]);

/**
 * "like" is also a preposition ("tastes like cilantro"): it is a desire only right after one of these words
 * ("I like", "I'd like", "would like", "really like").
 */
export const LIKE_WORDS: ReadonlySet<string> = new Set(['like', 'likes']);
export const LIKE_SUBJECTS: ReadonlySet<string> = new Set([
  'i',
  'we',
  "i'd",
  "we'd",
  'would',
  'really',
  'also',
  'do',
  'still',
  'definitely',
  'totally',
]);

/** Verbs that say nothing on their own ("I eat cilantro" is not a request) but are negative when negated. */
export const ACTIONS: ReadonlySet<string> = new Set([
  'eat',
  'eating',
  'drink',
  'drinking',
  'have',
  'use',
  'using',
  'put',
  'include',
  'get',
  'take',
  'need',
  'serve',
  'cook',
  'order',
]);

/** Words after which a negation does not oppose the thing ("don't mind", "not sure", "don't forget"): no stance. */
export const NEUTRALISERS: ReadonlySet<string> = new Set([
  'mind',
  'sure',
  'care',
  'know',
  'tried',
  'forget',
  'remember',
  'miss',
]);

/** Words that end a clause: a cue on the other side of one does not apply ("I hate onions but love cilantro"). */
export const CLAUSE_WORDS: ReadonlySet<string> = new Set([
  'but',
  'if',
  'whether',
  'though',
  'although',
  'because',
  'unless',
  'except',
  'while',
  'whereas',
]);

/** Cues right after the facet ("cilantro-free", "cilantro is gross"; "cilantro please"). */
export const AFTER_AVERSIONS: ReadonlySet<string> = new Set(['free', 'gross', 'disgusting', 'yuck', 'nasty']);
export const AFTER_DESIRES: ReadonlySet<string> = new Set(['please', 'yum', 'delicious']);
