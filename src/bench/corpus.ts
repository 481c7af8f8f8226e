// Synthetic benchmark corpora: subjects with a skewed (Zipf-like) size distribution over several tenants,
// sentences of common words for the lexical lane, and seeded random unit vectors for the vector lane.

export interface SubjectPlan {
  tenant: number;
  subject: string;
  rows: number;
}

/** Splits `total` rows over `subjects` subjects with sizes ∝ 1/rank^s, at least `min` each (largest first). */
export function skewedSubjects(
  total: number,
  subjects: number,
  tenants: number,
  s = 1,
  min = 20,
): SubjectPlan[] {
  const weights = Array.from({ length: subjects }, (_, i) => 1 / (i + 1) ** s);
  const sum = weights.reduce((a, b) => a + b, 0);
  const budget = total - min * subjects;
  const sizes = weights.map((w) => min + Math.floor((w / sum) * budget));
  sizes[0]! += total - sizes.reduce((a, b) => a + b, 0);
  return sizes.map((rows, i) => ({
    tenant: i % tenants,
    subject: `subject-${String(i).padStart(4, '0')}`,
    rows,
  }));
}

/** mulberry32: a small seeded PRNG so that corpora and queries are reproducible. */
export function prng(seed: number): () => number {
  let t = seed >>> 0;
  return () => {
    t = (t + 0x6d2b79f5) >>> 0;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r ^= r + Math.imul(r ^ (r >>> 7), 61 | r);
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

export function randomUnitVector(dims: number, random: () => number): number[] {
  const v = Array.from({ length: dims }, () => random() - 0.5);
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
}

/** Common words that survive English stop-word removal, so generated sentences exercise the full-text lane. */
export const BENCH_WORDS = (
  'account address adventure afternoon airport allergy apartment apple appointment article assistant ' +
  'bakery balcony banana bank basket beach bicycle birthday blanket book bottle breakfast bridge brother budget ' +
  'cabin cake calendar camera candle car carpet castle cat chair cheese chicken chocolate cilantro city class ' +
  'client coffee colleague computer concert contract cookie cooking country cousin dance daughter deadline dentist ' +
  'desk dinner doctor dog dream dress driver election email engine evening exam family farm festival garden ' +
  'gift guitar gym hammer harbor health hiking holiday hospital hotel house island jacket jazz journey kitchen ' +
  'ladder lake laptop lawyer lemon letter library lunch market meeting menu message mountain museum music ' +
  'neighbor newspaper noodle notebook ocean office orange painting paper park party passport pasta payment pencil ' +
  'pepper phone piano picnic pillow pizza planet plant pocket poem potato present printer project puzzle rabbit ' +
  'recipe restaurant river road rocket salad sandwich saturday school science season shirt shoe shopping sister ' +
  'soccer sofa soup spinach sport spring station story street student summer sunday supper table teacher tennis ' +
  'ticket tomato train travel tree trip umbrella uncle vacation valley vegetable village violin wallet watch ' +
  'water weather wedding weekend window winter yoga'
).split(' ');

export function randomSentence(random: () => number, words = 8): string {
  return Array.from({ length: words }, () => BENCH_WORDS[Math.floor(random() * BENCH_WORDS.length)]!).join(
    ' ',
  );
}

/**
 * The i-th of a family of sentences a chat memory might hold ("My sister booked oat milk (salt note i)"), varied
 * enough that none repeats (the write dedupe would skip it). The write benchmarks' corpus.
 */
export function noteSentence(i: number, salt: string): string {
  const subjects = ['I', 'My sister', 'Our team', 'The landlord', 'My doctor', 'The kids'];
  const verbs = ['prefers', 'booked', 'avoids', 'bought', 'moved', 'mentioned'];
  const things = [
    'a window seat',
    'oat milk',
    'the Thursday meeting',
    'a blue bike',
    'peanuts',
    'the garden',
  ];
  return `${subjects[i % 6]} ${verbs[Math.floor(i / 6) % 6]} ${things[Math.floor(i / 36) % 6]} (${salt} note ${i})`;
}
