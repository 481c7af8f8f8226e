// The offline extractor: what it reads from the user's explicit statements, what it leaves alone, and its figures
// on the committed labelled chats (a regression floor, not a tuning target).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Proposal } from '../../src/core/proposal-schemas.ts';
import {
  createOfflineExtractor,
  OFFLINE_EXTRACTOR_MODEL,
  turnLanguage,
} from '../../src/extract/offline/index.ts';
import { chatTurns, LabelledSetSchema, precision, recall, scoreRun } from '../../src/extract/score.ts';
import type { ExtractTurn } from '../../src/ports/extractor.ts';

const extractor = createOfflineExtractor();

async function fromUser(...texts: string[]): Promise<Proposal[]> {
  const turns: ExtractTurn[] = texts.map((text, index) => ({ index, role: 'user', text }));
  return (await extractor.extract({ session: 's', turns })).proposals;
}

const brief = (p: Proposal) => ({
  kind: p.kind,
  content: p.content,
  ...(p.key ? { key: p.key } : {}),
  ...(p.facet ? { facet: p.facet, polarity: p.polarity } : {}),
  ...(p.trigger ? { trigger: p.trigger } : {}),
});

describe('offline extractor: explicit statements', () => {
  it('reads the seed statements in English and Chinese', async () => {
    expect((await fromUser("Remember I don't eat cilantro")).map(brief)).toEqual([
      { kind: 'preference', content: 'Does not eat cilantro', facet: 'cilantro', polarity: 'avoid' },
    ]);
    expect((await fromUser('记住我不吃香菜')).map(brief)).toEqual([
      { kind: 'preference', content: '不吃香菜', facet: '香菜', polarity: 'avoid' },
    ]);
    expect((await fromUser('I moved to Munich last month')).map(brief)).toEqual([
      { kind: 'fact', content: 'Lives in Munich', key: 'residence' },
    ]);
    expect((await fromUser("I'm vegan now")).map(brief)).toEqual([
      { kind: 'constraint', content: 'Is vegan', key: 'diet' },
    ]);
  });

  it('fills slots, facets and polarities where the pattern implies them', async () => {
    const read = async (text: string) => (await fromUser(text)).map(brief);
    expect(await read("I'm allergic to peanuts and shellfish")).toEqual([
      {
        kind: 'constraint',
        content: 'Is allergic to peanuts',
        key: 'allergy:peanut',
        facet: 'peanuts',
        polarity: 'avoid',
      },
      {
        kind: 'constraint',
        content: 'Is allergic to shellfish',
        key: 'allergy:shellfish',
        facet: 'shellfish',
        polarity: 'avoid',
      },
    ]);
    expect(await read('我对花生过敏')).toEqual([
      { kind: 'constraint', content: '对花生过敏', key: 'allergy:花生', facet: '花生', polarity: 'avoid' },
    ]);
    expect(await read('I prefer aisle seats on long flights')).toEqual([
      {
        kind: 'preference',
        content: 'Prefers aisle seats on long flights',
        facet: 'aisle seats',
        polarity: 'prefer',
      },
    ]);
    expect(await read("I can't stand mushrooms")).toEqual([
      { kind: 'preference', content: 'Cannot stand mushrooms', facet: 'mushrooms', polarity: 'avoid' },
    ]);
    expect(await read('My dog is called Rex')).toEqual([
      { kind: 'fact', content: 'Has a dog called Rex', key: 'pet:name' },
    ]);
    expect(await read('我女儿叫朵朵')).toEqual([{ kind: 'fact', content: '女儿叫朵朵', key: 'child:name' }]);
    expect(await read('我们家养了一只狗， 叫豆豆。')).toEqual([
      { kind: 'fact', content: '狗叫豆豆', key: 'pet:name' },
    ]);
    expect(await read('我家有只猫叫咪咪')).toEqual([{ kind: 'fact', content: '猫叫咪咪', key: 'pet:name' }]);
    expect(await read('I work at Acme as of this year')).toEqual([
      { kind: 'fact', content: 'Works at Acme', key: 'employer' },
    ]);
    expect(await read('I work as a nurse')).toEqual([
      { kind: 'fact', content: 'Works as a nurse', key: 'job_title' },
    ]);
    expect(await read('Please call me Sam')).toEqual([
      { kind: 'fact', content: 'Wants to be called Sam', key: 'preferred_name' },
    ]);
    expect(await read('我住在上海')).toEqual([{ kind: 'fact', content: '住在上海', key: 'residence' }]);
    expect(await read('我搬到杭州了')).toEqual([{ kind: 'fact', content: '住在杭州', key: 'residence' }]);
    expect(await read('我讨厌下雨天')).toEqual([
      { kind: 'preference', content: '讨厌下雨天', facet: '下雨天', polarity: 'avoid' },
    ]);
    expect(await read('我喜欢喝乌龙茶，不太喜欢咖啡')).toEqual([
      { kind: 'preference', content: '喜欢喝乌龙茶', facet: '乌龙茶', polarity: 'prefer' },
      { kind: 'preference', content: '不太喜欢咖啡', facet: '咖啡', polarity: 'avoid' },
    ]);
  });

  it('keeps standing instructions and rules', async () => {
    expect((await fromUser('From now on, no emojis in your replies please.')).map(brief)).toEqual([
      { kind: 'preference', content: 'No emojis in the replies', facet: 'emojis', polarity: 'avoid' },
    ]);
    expect((await fromUser("From now on, when I say 'tldr', give me a one-line summary")).map(brief)).toEqual(
      [{ kind: 'rule', content: 'Give a one-line summary', trigger: 'tldr' }],
    );
    expect((await fromUser('以后我说“总结”，你就把上面的内容总结成三点。')).map(brief)).toEqual([
      { kind: 'rule', content: '把上面的内容总结成三点', trigger: '总结' },
    ]);
    expect((await fromUser('以后都用中文回复我')).map(brief)).toEqual([
      { kind: 'preference', content: '用中文回复', key: 'language' },
    ]);
  });

  it('records provenance: the session, the turn and its id, the extractor, the language', async () => {
    const { proposals } = await extractor.extract({
      session: 'chat-7',
      turns: [
        { index: 0, role: 'assistant', text: 'Hi! What should I know about you?' },
        { index: 1, role: 'user', text: 'I live in Lisbon', id: 'msg-1' },
      ],
    });
    expect(proposals).toHaveLength(1);
    expect(proposals[0]).toMatchObject({
      language: 'en',
      provenance: {
        session: 'chat-7',
        turns: [{ index: 1, id: 'msg-1' }],
        extractor: OFFLINE_EXTRACTOR_MODEL,
      },
    });
    expect(proposals[0]!.confidence).toBeGreaterThan(0);
  });
});

describe('offline extractor: what it leaves alone', () => {
  const nothing = [
    'Do you think I should move to Berlin?',
    'Am I allergic to cats if my eyes itch',
    'If I were vegan, what would I eat for protein?',
    'Hypothetically, if I lived in Norway, would I need winter tires?',
    'I wish I lived closer to the beach.',
    'My friend said she hates cilantro.',
    'My mom always says "I never eat after 8pm".',
    "Translate to French: 'I love you and I live in Paris'",
    "Don't remember that, I was just venting.",
    'Forget what I said about Berlin.',
    "I don't feel like pasta tonight.",
    "I don't think I'm allergic to anything.",
    'I love that idea!',
    'I hate when that happens lol',
    'I used to hate olives.',
    'thanks!!',
    '如果我是素食者，蛋白质从哪里来？',
    '我朋友说她讨厌香菜。',
    '别记住这件事。',
    '我今天不想吃辣的。',
    '帮我翻译成英文：我爱你，我住在巴黎。',
    '你觉得我应该辞职吗？',
    '他跟我说“我住在广州”，其实他住在佛山。',
  ];
  it.each(nothing)('%s', async (text) => {
    expect(await fromUser(text)).toEqual([]);
  });

  it("never reads the assistant's or anyone else's turns", async () => {
    const { proposals } = await extractor.extract({
      session: 's',
      turns: [
        {
          index: 0,
          role: 'assistant',
          text: "Got it, I'll remember you don't eat cilantro. I love cilantro myself.",
        },
        { index: 1, role: 'other', text: "I'm allergic to peanuts" },
        { index: 2, role: 'assistant', text: '好的，我记住了，你不吃香菜。' },
      ],
    });
    expect(proposals).toEqual([]);
  });

  it('reads English and Chinese only', () => {
    expect(turnLanguage('我不吃香菜')).toBe('zh');
    expect(turnLanguage('我们都用 PostgreSQL')).toBe('zh');
    expect(turnLanguage('I love PostgreSQL')).toBe('en');
    expect(turnLanguage('私はパクチーが嫌いです')).toBeUndefined();
    expect(turnLanguage('12345 !!')).toBeUndefined();
  });
});

describe('offline extractor: chat as people type it (what the second held-out set asked for)', () => {
  const read = async (...texts: string[]) => (await fromUser(...texts)).map(brief);

  it('reads names and places in an all lower-case sentence after the strongest cues only', async () => {
    expect(await read('actually i moved to lisbon last month')).toEqual([
      { kind: 'fact', content: 'Lives in Lisbon', key: 'residence' },
    ]);
    expect(await read('hey! im rafa. new to running')).toContainEqual({
      kind: 'fact',
      content: 'Is called Rafa',
      key: 'name',
    });
    expect(await read('my brother tomas works nights at the hospital')).toContainEqual({
      kind: 'fact',
      content: 'Has a brother called Tomas',
      key: 'sibling:name',
    });
    // Not a name: an adjective, a verb, a determiner.
    expect(await read("hi! i'm tired.")).toEqual([]);
    expect(await read('my sister wants a cruise for her birthday')).toEqual([]);
    expect(await read('i live in a small flat')).toEqual([]);
    // A capitalised sentence keeps needing the capital.
    expect(await read('Actually I moved to the city last month.')).toEqual([]);
  });

  it('reads statements said before a question in the same sentence', async () => {
    expect(await read("since i'm allergic to sesame, what can i get at this place?")).toEqual([
      {
        kind: 'constraint',
        content: 'Is allergic to sesame',
        key: 'allergy:sesame',
        facet: 'sesame',
        polarity: 'avoid',
      },
    ]);
    expect(await read("my husband's vegetarian, anything on this menu for him?")).toEqual([
      { kind: 'fact', content: 'Husband is vegetarian' },
    ]);
    expect(await read('我家狗叫豆豆，五岁了，最近不爱吃饭怎么办')).toContainEqual({
      kind: 'fact',
      content: '狗叫豆豆',
      key: 'pet:name',
    });
    // A hypothetical stays one, question or not.
    expect(await read("if i'm allergic to sesame, what can i get?")).toEqual([]);
  });

  it('reads what the user has, traits, reactions, devices and decisions', async () => {
    expect(await read('i have an induction hob and a small air fryer')).toEqual([
      { kind: 'fact', content: 'Has an induction hob' },
      { kind: 'fact', content: 'Has a small air fryer' },
    ]);
    expect(await read('I have a question about my order')).toEqual([]);
    expect(await read('i have a meeting at 3')).toEqual([]);
    expect(await read("fyi i'm left-handed")).toEqual([{ kind: 'fact', content: 'Is left-handed' }]);
    expect(await read('I get carsick on long drives')).toEqual([{ kind: 'fact', content: 'Gets carsick' }]);
    expect(await read('my phone is a pixel 7 and the battery is dying')).toEqual([
      { kind: 'fact', content: 'Has a pixel 7 (phone)' },
    ]);
    expect(await read('ok switched to neovim, way faster')).toEqual([
      { kind: 'decision', content: 'Switched to neovim' },
    ]);
    expect(await read("we're expecting in june!!")).toEqual([
      { kind: 'fact', content: 'Expecting a baby in June' },
    ]);
    expect(await read('i can only get to the pool on weekends')).toEqual([
      { kind: 'constraint', content: 'Can only get to the pool on weekends' },
    ]);
  });

  it("reads Chinese family facts, doctor's orders, household diets and closing choices", async () => {
    expect(await read('我老公不能吃海鲜')).toEqual([{ kind: 'fact', content: '老公不能吃海鲜' }]);
    expect(await read('医生让我少喝咖啡')).toEqual([
      { kind: 'constraint', content: '需要少喝咖啡', facet: '咖啡', polarity: 'avoid' },
    ]);
    expect(await read('我们家吃素')).toEqual([{ kind: 'constraint', content: '吃素', key: 'diet' }]);
    expect(await read('那就杭州吧，定了')).toEqual([{ kind: 'decision', content: '决定杭州' }]);
    expect(await read('以后都用英文回我')).toEqual([
      { kind: 'preference', content: '用英文回复', key: 'language' },
    ]);
  });
});

describe('offline extractor: what the third held-out set asked for', () => {
  const read = async (...texts: string[]) => (await fromUser(...texts)).map(brief);

  it('reads a role at an organisation, a list that turns into a clause, "we don\'t own", "I\'d prefer"', async () => {
    expect(await read("For context, I'm a data analyst at Brightwave.")).toEqual([
      { kind: 'fact', content: 'Works as a data analyst', key: 'job_title' },
      { kind: 'fact', content: 'Works at Brightwave', key: 'employer' },
    ]);
    expect(await read("I'm allergic to bees and carry an EpiPen.")).toEqual([
      {
        kind: 'constraint',
        content: 'Is allergic to bees',
        key: 'allergy:bee',
        facet: 'bees',
        polarity: 'avoid',
      },
    ]);
    expect(await read("We don't own a car.")).toEqual([{ kind: 'fact', content: 'Does not own a car' }]);
    expect(await read("I'd prefer aisle seats on long flights.")).toEqual([
      {
        kind: 'preference',
        content: 'Prefers aisle seats on long flights',
        facet: 'aisle seats',
        polarity: 'prefer',
      },
    ]);
    // A request is not a taste.
    expect(await read("I'd like a coffee.")).toEqual([]);
  });

  it('reads learning, moves, observance, principles, limits, volunteering, budgets and "no X pls"', async () => {
    expect(await read("I'm learning Portuguese because we're moving to Porto in March.")).toEqual([
      { kind: 'fact', content: 'Is learning Portuguese' },
      { kind: 'fact', content: 'Is moving to Porto in March' },
    ]);
    expect(await read('i have been playing guitar for ten years')).toEqual([
      { kind: 'fact', content: 'Has been playing guitar for ten years' },
    ]);
    expect(await read('Update: moved to Austin last week.')).toEqual([
      { kind: 'fact', content: 'Lives in Austin', key: 'residence' },
    ]);
    expect(await read('We observe Ramadan, so plan dinners after sunset.')).toContainEqual({
      kind: 'constraint',
      content: 'Keeps Ramadan',
    });
    expect(await read("I won't bank with companies that fund coal.")).toEqual([
      {
        kind: 'constraint',
        content: 'Will not bank with companies that fund coal',
        facet: 'companies',
        polarity: 'avoid',
      },
    ]);
    expect(await read("I can't kneel since the knee surgery")).toEqual([
      { kind: 'constraint', content: 'Cannot kneel', facet: 'kneeling', polarity: 'avoid' },
    ]);
    expect(await read('i volunteer at the animal shelter on sundays')).toEqual([
      { kind: 'fact', content: 'Volunteers at the animal shelter on sundays' },
    ]);
    expect(await read('budget is 2k max for the trip')).toEqual([
      { kind: 'constraint', content: 'Budget is at most 2k for the trip' },
    ]);
    expect(await read('nothing spicy pls')).toEqual([
      { kind: 'preference', content: 'No spicy', facet: 'spicy', polarity: 'avoid' },
    ]);
    expect(await read('no worries pls')).toEqual([]);
    expect(await read('Please keep your answers short.')).toEqual([
      { kind: 'preference', content: 'Wants answers short' },
    ]);
    expect(await read('Could you correct my grammar whenever I write in German?')).toEqual([
      { kind: 'rule', content: 'Correct grammar', trigger: 'German' },
    ]);
    expect(await read('nah sticking with the old bank')).toEqual([
      { kind: 'decision', content: 'Staying with the old bank' },
    ]);
  });

  it('reads a rule whose situation and instruction are not split by a comma', async () => {
    expect(await read('from now on when i send you a recipe give me the calories first')).toEqual([
      { kind: 'rule', content: 'Give the calories first', trigger: 'send a recipe' },
    ]);
  });

  it('reads the user again after a "but", in English and Chinese', async () => {
    expect(await read("my roommate says basil is easy but I'm allergic to basil")).toContainEqual({
      kind: 'constraint',
      content: 'Is allergic to basil',
      key: 'allergy:basil',
      facet: 'basil',
      polarity: 'avoid',
    });
    expect(await read('同事说可以养猫 但我对猫毛过敏')).toContainEqual({
      kind: 'constraint',
      content: '对猫毛过敏',
      key: 'allergy:猫毛',
      facet: '猫毛',
      polarity: 'avoid',
    });
  });

  it('reads Chinese dictation without punctuation, hometowns, budgets and settled choices', async () => {
    expect(await read('我女儿叫朵朵今年上一年级写作业老是拖你有什么办法')).toContainEqual({
      kind: 'fact',
      content: '女儿叫朵朵',
      key: 'child:name',
    });
    expect(await read('我现在住在杭州，坐火车回家要多久？')).toEqual([
      { kind: 'fact', content: '住在杭州', key: 'residence' },
    ]);
    expect(await read('国庆回老家西安看看爸妈')).toEqual([
      { kind: 'fact', content: '老家在西安', key: 'hometown' },
    ]);
    expect(await read('预算最多八千 再多就不买了')).toEqual([
      { kind: 'constraint', content: '预算最多八千' },
    ]);
    expect(await read('那还是电动吧 就这么定了')).toEqual([{ kind: 'decision', content: '决定电动' }]);
    // Living together is no residence.
    expect(await read('我妈现在和我们住在一起')).toEqual([]);
    // A role inside the workplace is the job; a workplace named only by its kind is no employer.
    expect(await read('我在一家外企做翻译工作')).toEqual([
      { kind: 'fact', content: '在外企做翻译工作', key: 'job_title' },
    ]);
  });
});

describe('offline extractor: what the fourth held-out set asked for', () => {
  const read = async (...texts: string[]) => (await fromUser(...texts)).map(brief);

  it('reads full names, places, roles held for a while, birthdays date first, training, caps and habits given up', async () => {
    expect(await read("Hi, I'm Maria Lopez, nice to meet you.")).toContainEqual({
      kind: 'fact',
      content: 'Is called Maria Lopez',
      key: 'name',
    });
    expect(await read("I'm in Lisbon, so use Lisbon time for reminders.")).toEqual([
      { kind: 'fact', content: 'Lives in Lisbon', key: 'residence' },
    ]);
    expect(await read("I'm in London this week for work.")).toEqual([]);
    expect(await read("I've been at Acme Corp four years as a data analyst.")).toEqual([
      { kind: 'fact', content: 'Works at Acme Corp', key: 'employer' },
      { kind: 'fact', content: 'Works as a data analyst', key: 'job_title' },
    ]);
    expect(await read('June 12th is my birthday, remind me to book something')).toContainEqual({
      kind: 'fact',
      content: 'Birthday is on June 12th',
      key: 'birthday',
    });
    expect(await read("i'm training for a half marathon in may")).toEqual([
      { kind: 'fact', content: 'Is training for a half marathon in may' },
    ]);
    expect(await read('I never spend more than $80 on headphones.')).toEqual([
      { kind: 'constraint', content: 'Never spends more than $80 on headphones' },
    ]);
    expect(await read('no more coffee after noon, starting today')).toEqual([
      { kind: 'decision', content: 'No more coffee after noon' },
    ]);
    expect(await read("I'm mostly a frontend dev.")).toEqual([
      { kind: 'fact', content: 'Works as a frontend dev', key: 'job_title' },
    ]);
    expect(await read('我在北京上班，国庆想回西安老家')).toContainEqual({
      kind: 'fact',
      content: '老家在西安',
      key: 'hometown',
    });
    expect(await read('我想好了，明年考研。')).toEqual([{ kind: 'decision', content: '决定明年考研' }]);
  });
});

describe('offline extractor: what the fifth held-out set asked for', () => {
  const read = async (...texts: string[]) => (await fromUser(...texts)).map(brief);

  it('reads occupations as a frame or a span of years, and not other frames', async () => {
    expect(
      await read('As a night-shift nurse on a three-on, four-off rota my sleep is all over the place.'),
    ).toEqual([{ kind: 'fact', content: 'Works as a night-shift nurse', key: 'job_title' }]);
    expect(await read('been a data analyst in retail for 4 yrs, want out')).toEqual([
      { kind: 'fact', content: 'Works as a data analyst', key: 'job_title' },
    ]);
    expect(await read('As a parent, I worry about screen time.')).toEqual([]);
    expect(await read('been a long week for 4 days straight')).toEqual([]);
  });

  it('reads bounds, "X or Y only" and refusals to pay more, not numbers said otherwise', async () => {
    expect(await read('hybrid or remote only. and nothing under 55k')).toEqual([
      { kind: 'constraint', content: 'Only hybrid or remote' },
      { kind: 'constraint', content: 'Nothing under 55k' },
    ]);
    expect(await read('can u suggest a book? nothing over 350 pages, ppl dont finish the long ones')).toEqual(
      [{ kind: 'constraint', content: 'Nothing over 350 pages' }],
    );
    expect(await read("Because I'm not paying more than £15 a month for any app, that's my line")).toEqual([
      { kind: 'constraint', content: 'Will not pay more than £15 a month for any app' },
    ]);
    expect(await read('nothing over the top please')).toEqual([]);
    expect(await read('nothing 2 say really')).toEqual([]);
    expect(await read('Is it hybrid or remote only?')).toEqual([]);
  });

  it('reads an age said bare, a choice reported without its subject, a switch, and "picked up X again"', async () => {
    expect(
      await read('My grandson set me up with an iPad but I am 81 and not good with these things.'),
    ).toContainEqual({
      kind: 'fact',
      content: 'Is 81 years old',
    });
    expect(await read("I'm 30 minutes away")).toEqual([]);
    expect(await read('Cool. Went with the Schwalbe Marathons btw.')).toEqual([
      { kind: 'decision', content: 'Chose the Schwalbe Marathons' },
    ]);
    expect(await read('I have now switched the whole draft to past tense.')).toEqual([
      { kind: 'decision', content: 'Switched to past tense' },
    ]);
    expect(await read('yo so i picked up piano again after like 15 yrs off lol')).toEqual([
      { kind: 'fact', content: 'Took up piano again' },
    ]);
    expect(await read('i picked up the kids at five')).toEqual([]);
  });

  it('reads a quoted trigger after "and say", fillers and conjunctions trimmed, adverbs never a facet', async () => {
    expect(
      await read(
        "Whenever I send you a photo of a receipt and say 'log it', pull out the date and add it to the table.",
      ),
    ).toEqual([{ kind: 'rule', content: 'Pull out the date and add it to the table', trigger: 'log it' }]);
    expect(await read('i dont drink anymore, been sober 2 yrs')).toEqual([
      { kind: 'preference', content: 'Does not drink alcohol', facet: 'alcohol', polarity: 'avoid' },
    ]);
    expect(await read('so I run a tiny bakery on the coast and honestly the admin is killing me')).toEqual([
      { kind: 'fact', content: 'Runs a tiny bakery on the coast' },
    ]);
  });

  it('reads a faith, a commute, a retirement and a long work under way, not their look-alikes', async () => {
    expect(await read('hey so im jewish and keep shabbat, so no screens on friday nights')).toContainEqual({
      kind: 'fact',
      content: 'Is Jewish',
    });
    expect(await read('my brother is muslim')).toEqual([]);
    expect(await read('I commute into London Paddington four days a week, usually on the 7:12')).toEqual([
      { kind: 'fact', content: 'Commutes into London Paddington four days a week' },
    ]);
    expect(await read("So I've just started commuting by bike, about 9 miles each way")).toEqual([
      { kind: 'fact', content: 'Commutes by bike' },
    ]);
    expect(await read('is it worth it if I commute?')).toEqual([]);
    expect(await read('I retired last June after 38 years teaching secondary maths.')).toEqual([
      { kind: 'fact', content: 'Retired last June after 38 years teaching secondary maths' },
    ]);
    expect(
      await read('I am writing a literary novel set in 1970s Glasgow and am about 60,000 words in.'),
    ).toEqual([{ kind: 'fact', content: 'Is writing a literary novel set in 1970s Glasgow' }]);
    expect(await read("I'm writing an email to my landlord about the boiler")).toEqual([]);
  });

  it('reads a decision said in the future or under way, a rule whose situation ends the sentence, a role before another clause, and driving as work', async () => {
    expect(await read("I've decided I'm going to ask for a switch to evenings in January.")).toEqual([
      { kind: 'decision', content: 'Decided to ask for a switch to evenings in January' },
    ]);
    expect(
      await read("Decided: we're closing new client intake from 1 December until the end of February."),
    ).toEqual([
      {
        kind: 'decision',
        content: 'Decided to close new client intake from 1 December until the end of February',
      },
    ]);
    // A verb whose base form spelling cannot tell ("visiting": visit or visite?) is left alone.
    expect(await read("Decided: I'm visiting my sister in Leeds.")).toEqual([]);
    expect(await read('also please always put the iftar times at the top whenever i ask for a plan')).toEqual(
      [{ kind: 'rule', content: 'Put the iftar times at the top', trigger: 'plan' }],
    );
    expect(await read("I'm a solicitor and my hours are all over the place.")).toEqual([
      { kind: 'fact', content: 'Works as a solicitor', key: 'job_title' },
    ]);
    expect(await read('hey so i drive buses in leeds')).toEqual([
      { kind: 'fact', content: 'Works as a bus driver', key: 'job_title' },
    ]);
    expect(await read('I drive a Tesla')).toEqual([{ kind: 'fact', content: 'Drives a Tesla' }]);
    expect(
      await read(
        'My chase partner Dev reads your answers out loud while I drive and he hates long paragraphs.',
      ),
    ).toEqual([]);
  });

  it('reads what the user wants kept out of what is written for them, and two children or pets named at once', async () => {
    expect(await read('Actually, never use emoji in anything you write for me.')).toEqual([
      {
        kind: 'preference',
        content: 'Does not want emoji used in what is written for them',
        facet: 'emoji',
        polarity: 'avoid',
      },
    ]);
    expect(
      await read(
        "One request before we go further: please don't use the word 'journey' when you talk about this.",
      ),
    ).toEqual([
      {
        kind: 'preference',
        content: "Does not want the word 'journey' used",
        facet: 'journey',
        polarity: 'avoid',
      },
    ]);
    expect(await read('Please never put words in italics; I find italic text hard to read.')).toEqual([
      { kind: 'preference', content: 'Does not want italics used', facet: 'italics', polarity: 'avoid' },
    ]);
    // A one-off, and a pointer back, are not standing wishes.
    expect(await read("don't use too much butter")).toEqual([]);
    expect(await read('never use it')).toEqual([]);
    expect(await read('My kids Jonah and Lily think it is the coolest thing.')).toEqual([
      { kind: 'fact', content: 'Has a kid called Jonah', key: 'child:name' },
      { kind: 'fact', content: 'Has a kid called Lily', key: 'child:name' },
    ]);
    expect(await read('ok new info, my coach Marco wants to switch me to carb cycling')).toEqual([
      { kind: 'fact', content: 'Has a coach called Marco' },
    ]);
    expect(await read('my friend Sam keeps telling me to do a charcuterie board')).toEqual([]);
    expect(await read('our dogs, Pip and Moss, hate the rain')).toEqual([
      { kind: 'fact', content: 'Has a dog called Pip', key: 'pet:name' },
      { kind: 'fact', content: 'Has a dog called Moss', key: 'pet:name' },
    ]);
  });

  it('reads a Chinese standing task and what to do in it as a rule, not a manner for every answer', async () => {
    expect(await read('以后我问车次的时候，直接列时间和车次就行，不用解释')).toEqual([
      { kind: 'rule', content: '直接列时间和车次就行,不用解释', trigger: '问车次' },
    ]);
    expect(await read('从现在开始，每次推荐菜谱都标上大概的碳水克数')).toEqual([
      { kind: 'rule', content: '标上大概的碳水克数', trigger: '推荐菜谱' },
    ]);
    expect(await read('以后报价单都加一句：预付百分之三十。')).toEqual([
      { kind: 'rule', content: '加一句:预付百分之三十', trigger: '报价单' },
    ]);
    expect((await read('以后给我写东西都短一点，字多了我看着累')).map((p) => p.kind)).toEqual(['preference']);
    expect(await read('以后请都用中文回答，不过代码注释用英文写。')).toEqual([
      { kind: 'preference', content: '用中文回复', key: 'language' },
    ]);
  });

  it('reads Chinese nicknames straight after the person, a person named at the start of a later clause, grandchildren and animals named one by one', async () => {
    expect(await read('我男朋友阿杰倒是一点都不过敏')).toEqual([
      { kind: 'fact', content: '男朋友叫阿杰', key: 'partner:name' },
    ]);
    expect(await read('我妹妹小敏周末会过来帮我打包发货')).toEqual([
      { kind: 'fact', content: '妹妹叫小敏', key: 'sibling:name' },
    ]);
    // Words that start like a nickname are not one.
    expect(await read('我女儿小时候很乖')).toEqual([]);
    expect(await read('我老婆叫阿芳，孩子叫豆豆，明年上小学')).toEqual([
      { kind: 'fact', content: '老婆叫阿芳', key: 'partner:name' },
      { kind: 'fact', content: '孩子叫豆豆', key: 'child:name' },
    ]);
    expect(await read('对了我孙女叫甜甜，今年八岁')).toEqual([{ kind: 'fact', content: '孙女叫甜甜' }]);
    // Someone asking the user to do something is no name for the user.
    expect(await read('儿子叫我去超市')).toEqual([]);
    expect(await read('叫我小王就行')).toEqual([
      { kind: 'fact', content: '希望被叫小王', key: 'preferred_name' },
    ]);
    expect(await read('养了两只猫 一只英短叫土豆，一只橘猫叫可乐')).toEqual([
      { kind: 'fact', content: '有一只叫土豆的英短', key: 'pet:name' },
      { kind: 'fact', content: '有一只叫可乐的橘猫', key: 'pet:name' },
    ]);
  });

  it('reads chat without its subject, "we" for the household, "I don\'t do X", a strict diet and "based out of"', async () => {
    expect(await read('cant stand salmon tbh')).toEqual([
      { kind: 'preference', content: 'Cannot stand salmon', facet: 'salmon', polarity: 'avoid' },
    ]);
    expect(await read('We love hiking')).toEqual([
      { kind: 'preference', content: 'Loves hiking', facet: 'hiking', polarity: 'prefer' },
    ]);
    expect(await read('i dont do gyms tho')).toEqual([
      { kind: 'preference', content: 'Does not do gyms', facet: 'gyms', polarity: 'avoid' },
    ]);
    expect(await read("I don't do well with heat")).toEqual([]);
    expect(await read('im strict keto, under 25g net carbs a day')).toEqual([
      { kind: 'constraint', content: 'Follows a keto diet', key: 'diet' },
    ]);
    expect(await read("also I'm based out of Wichita if that changes anything")).toEqual([
      { kind: 'fact', content: 'Lives in Wichita', key: 'residence' },
    ]);
    expect(await read("I'm out of Milk")).toEqual([]);
  });

  it('reads a pursuit kept up for a span of time, and a condition with its adjective or after "I\'ve got"', async () => {
    expect(await read("Okay so I've been storm chasing for about 5 years now")).toEqual([
      { kind: 'fact', content: 'Has been storm chasing for about 5 years' },
    ]);
    expect(await read("I've been feeling low for weeks")).toEqual([]);
    expect(await read('I have chronic migraines, about 8 to 10 a month')).toEqual([
      { kind: 'constraint', content: 'Has chronic migraines' },
    ]);
    expect(await read("Also I've got a bad back")).toEqual([
      { kind: 'constraint', content: 'Has a bad back' },
    ]);
  });

  it('reads Chinese pets and children named after their kind, employers in a later clause, limits, households, learning and announced decisions', async () => {
    expect(await read('我家有只柯基叫豆包，三岁了')).toEqual([
      { kind: 'fact', content: '有一只叫豆包的柯基', key: 'pet:name' },
    ]);
    expect(await read('唉说来话长，我儿子乐乐两岁半，最近特别挑食')).toEqual([
      { kind: 'fact', content: '儿子叫乐乐', key: 'child:name' },
    ]);
    expect(await read('我儿子两岁半')).toEqual([]);
    expect(await read('你好，我是一名UI设计师，目前在字节跳动工作')).toEqual([
      { kind: 'fact', content: '是UI设计师', key: 'job_title' },
      { kind: 'fact', content: '在字节跳动工作', key: 'employer' },
    ]);
    expect(await read('我不考虑需要经常出差的岗位，因为要照顾家里。')).toEqual([
      { kind: 'constraint', content: '不考虑需要经常出差的岗位' },
    ]);
    expect(await read('我们家有两只猫，长途搬家路上怎么让它们少点应激？')).toEqual([
      { kind: 'fact', content: '家里有两只猫' },
    ]);
    expect(await read('我学古筝两年了，现在在练新曲子')).toContainEqual({
      kind: 'fact',
      content: '学古筝两年了',
    });
    expect(await read('决定了，从下周开始睡前一小时手机放客厅')).toEqual([
      { kind: 'decision', content: '决定从下周开始睡前一小时手机放客厅' },
    ]);
    expect(await read('房子我们最后选了西湖区那套两居室，离他公司近。')).toEqual([
      { kind: 'decision', content: '选了西湖区那套两居室' },
    ]);
    // Someone else's words still void what follows; the user's own aside does not.
    expect(await read('他说我不吃香菜')).toEqual([]);
    expect(await read('我是程序员 下班回家就躺床上刷手机')).toContainEqual({
      kind: 'fact',
      content: '是程序员',
      key: 'job_title',
    });
  });
});

describe('offline extractor: what the sixth held-out set showed', () => {
  const read = async (...texts: string[]) => (await fromUser(...texts)).map(brief);

  it('reads a rule whose situation runs to its comma or opens with "when", an identity before its participle, no "specifically" in a facet', async () => {
    expect(
      await read(
        'Whenever I ask for a lesson plan, always include a differentiation section and a five-minute starter.',
      ),
    ).toEqual([
      {
        kind: 'rule',
        content: 'Always include a differentiation section and a five-minute starter',
        // The act stays in the trigger since the seventh set ("paste a recipe", "send a contract").
        trigger: 'ask for a lesson plan',
      },
    ]);
    expect(await read("Hello, I'm a Brazilian citizen applying for a UK Skilled Worker visa.")).toEqual([
      { kind: 'fact', content: 'Is a Brazilian citizen' },
    ]);
    expect(await read('When I say goodnight, lock the front door and turn everything off.')).toEqual([
      { kind: 'rule', content: 'Lock the front door and turn everything off', trigger: 'goodnight' },
    ]);
    expect(await read('When I say goodnight, do you lock the door?')).toEqual([]);
    expect(await read("I'm allergic to shiitake specifically. weird I know")).toEqual([
      {
        kind: 'constraint',
        content: 'Is allergic to shiitake',
        key: 'allergy:shiitake',
        facet: 'shiitake',
        polarity: 'avoid',
      },
    ]);
  });
});

describe('offline extractor: what the seventh held-out set showed', () => {
  const read = async (...texts: string[]) => (await fromUser(...texts)).map(brief);

  it('reads a role where it is done, years in a role, a founder, a job a move was for, staying put', async () => {
    expect(await read("I'm a midwife on a labour ward, nights mostly")).toContainEqual({
      kind: 'fact',
      content: 'Works as a midwife',
      key: 'job_title',
    });
    expect(await read('Made redundant in May after eleven years as a quantity surveyor.')).toEqual([
      { kind: 'fact', content: 'Works as a quantity surveyor', key: 'job_title' },
    ]);
    expect(await read("I'm the founder of Tidewell, we make sailing apps.")).toEqual([
      { kind: 'fact', content: 'Works as a founder', key: 'job_title' },
      { kind: 'fact', content: 'Works at Tidewell', key: 'employer' },
    ]);
    expect(await read('Recently moved to Leeds for a job at Arup.')).toEqual([
      { kind: 'fact', content: 'Lives in Leeds', key: 'residence' },
      { kind: 'fact', content: 'Works at Arup', key: 'employer' },
    ]);
    expect(await read("We're based in Halifax, so plan in Atlantic time.")).toContainEqual({
      kind: 'fact',
      content: 'Lives in Halifax',
      key: 'residence',
    });
    expect(await read("I'm not leaving Porto, my partner's job is here.")).toContainEqual({
      kind: 'fact',
      content: 'Lives in Porto',
      key: 'residence',
    });
    // Someone else's job is not the user's.
    expect(await read('My sister got a job at Arup.')).toEqual([]);
  });

  it('reads names by age, breed and bracketed pronouns, and leaves a refused name alone', async () => {
    expect(await read("Hiya, I'm Niamh (she/her).")).toEqual([
      { kind: 'fact', content: 'Is called Niamh', key: 'name' },
      { kind: 'fact', content: 'Uses she/her pronouns', key: 'pronouns' },
    ]);
    expect(await read('My 8-year-old, Tomas, hates swimming lessons')).toContainEqual({
      kind: 'fact',
      content: 'Has a 8-year-old child called Tomas',
      key: 'child:name',
    });
    expect(await read('My old spaniel Pip sleeps all day now')).toContainEqual({
      kind: 'fact',
      content: 'Has a spaniel called Pip',
      key: 'pet:name',
    });
    expect(await read('Please call me Sasha, nobody calls me Alexandra.')).toEqual([
      { kind: 'fact', content: 'Wants to be called Sasha', key: 'preferred_name' },
    ]);
  });

  it('reads limits, choices and tastes said without a subject', async () => {
    expect(await read('Swims can only happen on Wednesdays, the pool is shut otherwise.')).toEqual([
      { kind: 'constraint', content: 'Swims can only happen on Wednesdays' },
    ]);
    expect(await read('Only applying to four-day-week jobs.')).toEqual([
      { kind: 'constraint', content: 'Only applying to four-day-week jobs' },
    ]);
    expect(await read('Nothing with jumping, my knees are shot.')).toEqual([
      { kind: 'constraint', content: 'Nothing with jumping' },
    ]);
    expect(await read('Rent ceiling is £950.')).toEqual([
      { kind: 'constraint', content: 'Rent ceiling is £950' },
    ]);
    expect(await read('Budget is £600 for the whole trip.')).toEqual([
      { kind: 'constraint', content: 'Budget is at most £600 for the whole trip' },
    ]);
    expect(await read("We've gone for the walnut worktop.")).toEqual([
      { kind: 'decision', content: 'Chose the walnut worktop' },
    ]);
    expect(await read('Going with the Canon then.')).toEqual([
      { kind: 'decision', content: 'Chose the Canon' },
    ]);
    expect(await read('Ok no cockatiel then.')).toEqual([
      { kind: 'decision', content: 'Decided against cockatiel' },
    ]);
    expect(await read("we've decided not to renew the lease")).toEqual([
      { kind: 'decision', content: 'Decided not to renew the lease' },
    ]);
    expect(await read("I'm ordering the 27 inch one then")).toEqual([
      { kind: 'decision', content: 'Chose the 27 inch one' },
    ]);
    expect(await read('Never buying Ryanair again.')).toEqual([
      { kind: 'preference', content: 'Not buying Ryanair again', facet: 'ryanair', polarity: 'avoid' },
    ]);
    expect(await read("Can't stand reality TV, I'm a documentary person really.")).toContainEqual({
      kind: 'preference',
      content: 'Is a documentary person',
      facet: 'documentary',
      polarity: 'prefer',
    });
    expect(await read("I don't want to use a harness, she hates it.")).toEqual([
      { kind: 'preference', content: 'Does not want a harness', facet: 'harness', polarity: 'avoid' },
    ]);
    expect(await read('No emojis, we never use them.')).toEqual([
      { kind: 'preference', content: 'No emojis', facet: 'emojis', polarity: 'avoid' },
    ]);
    expect(await read('Always celsius please.')).toEqual([
      { kind: 'preference', content: 'Always celsius', facet: 'celsius', polarity: 'prefer' },
    ]);
  });

  it('reads a language asked for in passing, a signed-up race, a syndrome, a pasted-thing rule', async () => {
    expect(await read("I don't speak Dutch beyond 'dank je' so keep the replies in English please.")).toEqual(
      [
        { kind: 'fact', content: 'Does not speak Dutch' },
        { kind: 'preference', content: 'Answer in English', key: 'language' },
      ],
    );
    expect(await read('Signed up for the Berlin Half in April!')).toEqual([
      { kind: 'fact', content: 'Signed up for the Berlin Half in April' },
    ]);
    expect(await read('I have Marfan syndrome, so nothing too strenuous.')).toContainEqual({
      kind: 'constraint',
      content: 'Has Marfan syndrome',
    });
    expect(await read('whenever I paste a job ad, list the must-haves first')).toEqual([
      { kind: 'rule', content: 'List the must-haves first', trigger: 'paste a job ad' },
    ]);
  });

  it('reads Chinese: a city by what is done there, a nickname, an adopted pet, household and topic-first rules', async () => {
    expect(await read('我们在杭州刚租了个两居室。')).toEqual([
      { kind: 'fact', content: '住在杭州', key: 'residence' },
    ]);
    expect(await read('我在公司做报表。')).toEqual([]);
    expect(await read('我女儿小名叫豆豆，三岁了')).toContainEqual({
      kind: 'fact',
      content: '女儿叫豆豆',
      key: 'child:name',
    });
    expect(await read('我是全职爸爸')).toEqual([{ kind: 'fact', content: '是全职爸爸', key: 'job_title' }]);
    expect(await read('刚收养了一只橘猫，叫馒头')).toEqual([
      { kind: 'fact', content: '有一只叫馒头的橘猫', key: 'pet:name' },
    ]);
    expect(await read('我们家不让孩子玩手机游戏')).toEqual([
      { kind: 'constraint', content: '不让孩子玩手机游戏' },
    ]);
    expect(await read('窗帘最后选了遮光布')).toEqual([{ kind: 'decision', content: '窗帘定了遮光布' }]);
    expect(await read('榴莲我就不考虑了')).toEqual([
      { kind: 'preference', content: '不考虑榴莲', facet: '榴莲', polarity: 'avoid' },
    ]);
    expect(await read('医生说不能游泳。')).toEqual([{ kind: 'constraint', content: '不能游泳' }]);
    expect(await read('以后别给我推荐什么理财课了')).toEqual([
      { kind: 'preference', content: '不要推荐什么理财课', facet: '理财课', polarity: 'avoid' },
    ]);
    expect(await read('以后写周报别用那些套话，直接告诉我结论是什么就行')).toEqual([
      { kind: 'preference', content: '不要用那些套话', facet: '套话', polarity: 'avoid' },
    ]);
    expect(await read('以后给我推荐电影的时候只推荐有中文字幕的吧，我英语不好')).toEqual([
      { kind: 'rule', content: '只推荐有中文字幕的', trigger: '推荐电影' },
    ]);
    expect(await read('以后我说“润色”，就是把英文改得更地道')).toEqual([
      { kind: 'rule', content: '把英文改得更地道', trigger: '润色' },
    ]);
    expect(await read('简历里不能写年龄，以后都注意')).toEqual([
      { kind: 'constraint', content: '简历里不能写年龄' },
    ]);
    expect(await read('我住员工宿舍')).toEqual([{ kind: 'fact', content: '住员工宿舍' }]);
  });
});

describe('offline extractor: what the eighth held-out set showed', () => {
  const read = async (...texts: string[]) => (await fromUser(...texts)).map(brief);

  it('reads roles by "here" and by years, a diet as a fragment, a decision announced, tastes', async () => {
    expect(await read('night-shift paramedic here, Leeds mostly')).toContainEqual({
      kind: 'fact',
      content: 'Works as a night-shift paramedic',
      key: 'job_title',
    });
    expect(await read('twin dad here, help me with nap times')).toEqual([]);
    expect(await read("I'm 58 and just retired after 25 years as a postwoman.")).toContainEqual({
      kind: 'fact',
      content: 'Works as a postwoman',
      key: 'job_title',
    });
    expect(await read('vegetarian btw. what should I cook?')).toEqual([
      { kind: 'constraint', content: 'Is vegetarian', key: 'diet' },
    ]);
    expect(await read("fine, decided: I'll sell the old van in spring")).toEqual([
      { kind: 'decision', content: 'Decided to sell the old van in spring' },
    ]);
    expect(await read('not interested in cruises, too many people')).toEqual([
      { kind: 'preference', content: 'Not interested in cruises', facet: 'cruises', polarity: 'avoid' },
    ]);
    expect(await read("I'm more into jazz than pop honestly")).toContainEqual({
      kind: 'preference',
      content: 'Is into jazz than pop',
      facet: 'jazz',
      polarity: 'prefer',
    });
    expect(await read('my own dog Pepper is in the photo')).toContainEqual({
      kind: 'fact',
      content: 'Has a dog called Pepper',
      key: 'pet:name',
    });
    expect(await read('but keep talking to me in Spanish')).toEqual([
      { kind: 'preference', content: 'Answer in Spanish', key: 'language' },
    ]);
    expect(await read('I have dyslexia, so short paragraphs help')).toContainEqual({
      kind: 'constraint',
      content: 'Has dyslexia',
    });
  });

  it('reads Chinese: a bare age, only-when limits, a due date, an only child, a first child by name, a thing given up, a parent’s condition', async () => {
    expect(await read('我42岁，想开始跑步')).toContainEqual({ kind: 'fact', content: '今年42岁' });
    expect(await read('我今天3点下班')).toEqual([]);
    expect(await read('每周只能去两次健身房，太忙了')).toEqual([
      { kind: 'constraint', content: '每周只能去两次健身房' },
    ]);
    expect(await read('只有周末才能练琴')).toEqual([{ kind: 'constraint', content: '只有周末才能练琴' }]);
    expect(await read('这家店只能说很一般')).toEqual([]);
    expect(await read('宝宝预产期在五月')).toEqual([{ kind: 'fact', content: '宝宝预产期在五月' }]);
    expect(await read('我是独生子')).toEqual([{ kind: 'fact', content: '是独生子' }]);
    expect(await read('老大乐乐七岁了，最近不爱写作业')).toContainEqual({
      kind: 'fact',
      content: '老大叫乐乐',
      key: 'child:name',
    });
    expect(await read('抖音我不想再刷了，太浪费时间')).toEqual([{ kind: 'decision', content: '不再刷抖音' }]);
    expect(await read('我妈有帕金森，走路不稳')).toContainEqual({ kind: 'fact', content: '妈有帕金森' });
    expect(await read('以后我说“复盘”，你就问我今天哪里做得不好')).toEqual([
      { kind: 'rule', content: '问今天哪里做得不好', trigger: '复盘' },
    ]);
    // An exclamation is no taste; a quote that is not read leaves no mask in the content.
    expect(await read('我婆婆天天念叨，烦死了')).toEqual([]);
    const quoted = await read('以后写标题别用“震惊”这种词');
    expect(quoted.length).toBeGreaterThan(0);
    expect(quoted.every((p) => !/\uE000|\uE001|[01]/.test(p.content))).toBe(true);
  });
});

describe('offline extractor: standing things and teaching (a general reading, not one set)', () => {
  const read = async (...texts: string[]) => (await fromUser(...texts)).map(brief);

  it('reads what the user makes, keeps, hosts or lets, and a business run by "we"', async () => {
    expect(await read('I crochet mostly baby blankets for friends. which yarn is softest?')).toEqual([
      { kind: 'fact', content: 'Crochets mostly baby blankets for friends' },
    ]);
    expect(await read('We keep four hens in the back garden, any tips for winter?')).toEqual([
      { kind: 'fact', content: 'Keeps four hens in the back garden' },
    ]);
    expect(await read('I let out the spare room in Glasgow to students, just the one room')).toEqual([
      { kind: 'fact', content: 'Lets out the spare room in Glasgow to students' },
    ]);
    expect(await read('I host a monthly book club called Dog-Eared, we meet in a pub')).toContainEqual({
      kind: 'fact',
      content: 'Hosts a monthly book club called Dog-Eared',
    });
    expect(await read('we run a little coffee van at the station, mornings only')).toContainEqual({
      kind: 'fact',
      content: 'Runs a little coffee van at the station',
    });
  });

  it('leaves alone a way of doing it, a habit of forgetting, a diet and a pointer back', async () => {
    expect(await read('I keep forgetting to water the plants')).toEqual([]);
    expect(await read('I keep the receipts under 50 pounds')).toEqual([]);
    expect(await read('I only sew with cotton thread')).not.toContainEqual(
      expect.objectContaining({ kind: 'fact', content: expect.stringMatching(/^Sews/) }),
    );
    expect(await read('I host it every year, can you help with the invites?')).toEqual([]);
    expect(await read('we run a tight ship here, no excuses')).toEqual([]);
  });

  it('reads a trade by how its name is made, not the agents that are no work', async () => {
    expect(await read("I'm a glassblower.")).toEqual([
      { kind: 'fact', content: 'Works as a glassblower', key: 'job_title' },
    ]);
    expect(await read("I'm an air traffic controller at Shannon, on the oceanic side.")).toContainEqual({
      kind: 'fact',
      content: 'Works as an air traffic controller',
      key: 'job_title',
    });
    expect(await read("I'm a farrier in Devon, mostly working with ponies")).toContainEqual({
      kind: 'fact',
      content: 'Works as a farrier',
      key: 'job_title',
    });
    for (const text of [
      "I'm a beginner",
      "I'm a kidney donor",
      "I'm a keen cyclist",
      'long-time lurker here, quick question',
    ])
      expect(await read(text)).not.toContainEqual(expect.objectContaining({ key: 'job_title' }));
  });

  it('reads "cant stand" without its apostrophe as a dislike, standing for a while as a limit, and a style asked after "and"', async () => {
    expect(await read('nice. i cant stand mushrooms tho, texture thing')).toEqual([
      { kind: 'preference', content: 'Cannot stand mushrooms', facet: 'mushrooms', polarity: 'avoid' },
    ]);
    expect(await read("I can't stand for more than ten minutes")).toEqual([
      {
        kind: 'constraint',
        content: 'Cannot stand for more than ten minutes',
        facet: 'standing',
        polarity: 'avoid',
      },
    ]);
    expect(await read('And keep answers short, I read these on my phone in the field.')).toEqual([
      { kind: 'preference', content: 'Wants answers short' },
    ]);
    expect(await read('And keep the receipts in a folder')).toEqual([]);
  });

  it('reads Chinese: a trade by its ending, a field of work, 住 before a known place, what the user cannot take', async () => {
    expect(await read('我是高铁乘务员，跑京沪线')).toContainEqual({
      kind: 'fact',
      content: '是高铁乘务员',
      key: 'job_title',
    });
    expect(await read('我是理发师')).toEqual([{ kind: 'fact', content: '是理发师', key: 'job_title' }]);
    // The same reading wherever a job is asked for: a role at a place, a relative's job.
    expect(await read('我在医院当护工')).toContainEqual({
      kind: 'fact',
      content: '是护工',
      key: 'job_title',
    });
    expect(await read('我老婆是乘务员')).toEqual([{ kind: 'fact', content: '老婆是乘务员' }]);
    for (const text of ['我是会员', '我是新手', '我是家长']) expect(await read(text)).toEqual([]);
    expect(await read('我做销售的 应酬特别多 头疼')).toContainEqual({
      kind: 'fact',
      content: '做销售',
      key: 'job_title',
    });
    expect(await read('我做饭的时候喜欢听歌')).not.toContainEqual(
      expect.objectContaining({ key: 'job_title' }),
    );
    expect(await read('我住武汉 东湖边上')).toEqual([
      { kind: 'fact', content: '住在武汉', key: 'residence' },
    ]);
    for (const text of ['我住院了', '我住了三天酒店']) expect(await read(text)).toEqual([]);
    expect(await read('我自己吃不了辣，但长沙人都爱辣')).toEqual([
      { kind: 'preference', content: '吃不了辣', facet: '辣', polarity: 'avoid' },
    ]);
  });

  it('reads a pet or a person named after a comma, and a lower-case chat that holds an acronym', async () => {
    expect(await read('i have a cat, biscuit, who hates the engine running lol')).toEqual([
      { kind: 'fact', content: 'Has a cat called Biscuit', key: 'pet:name' },
    ]);
    expect(await read('we have a son, Leo, and a daughter')).toContainEqual({
      kind: 'fact',
      content: 'Has a son called Leo',
      key: 'child:name',
    });
    expect(await read('i have a question, quick one')).toEqual([]);
    expect(await read('learning BSL bc my daughter maisie is deaf, shes 4.')).toContainEqual({
      kind: 'fact',
      content: 'Has a daughter called Maisie',
      key: 'child:name',
    });
    // Capitals that are not an acronym still mark a chat that writes names with capitals.
    expect(await read('learning BSL bc my daughter Is deaf')).not.toContainEqual(
      expect.objectContaining({ key: 'child:name' }),
    );
  });

  it('reads the type of diabetes with it', async () => {
    expect(await read("I'm type 1 diabetic so the feeding plan matters a lot")).toContainEqual({
      kind: 'constraint',
      content: 'Is type 1 diabetic',
    });
    expect(await read("i'm diabetic btw")).toContainEqual({ kind: 'constraint', content: 'Is diabetic' });
  });

  it('reads the user other people by name without a slot, a job said after where the work is done, and a verb is no name', async () => {
    expect(await read('nice one. my grandson alfie comes round saturdays to help with it')).toContainEqual({
      kind: 'fact',
      content: 'Has a grandson called Alfie',
    });
    expect(await read('my aunt Rosa is visiting next week')).toContainEqual({
      kind: 'fact',
      content: 'Has an aunt called Rosa',
    });
    for (const text of ['my son loves trains', 'my dog hates baths', 'my grandson loves trains'])
      expect(await read(text)).toEqual([]);
    expect(await read('my sister jess wants a cat')).toContainEqual({
      kind: 'fact',
      content: 'Has a sister called Jess',
      key: 'sibling:name',
    });
    expect(await read('i work from the boat as a UX designer so need the laptop going all day')).toEqual([
      { kind: 'fact', content: 'Works as a UX designer', key: 'job_title' },
      { kind: 'fact', content: 'Works from the boat' },
    ]);
    expect(await read('I work remotely as a favour to my brother')).not.toContainEqual(
      expect.objectContaining({ key: 'job_title' }),
    );
  });

  it('puts the -s on the verb, not on an adverb before it', async () => {
    expect(
      await read('his bio dad has him every other weekend so i only really get weekdays'),
    ).toContainEqual({
      kind: 'constraint',
      content: 'Only really gets weekdays',
    });
    expect(await read('I usually just walk to work')).toEqual([
      { kind: 'preference', content: 'Usually just walks to work' },
    ]);
    expect(await read('remember that I mostly cycle to work')).toEqual([
      { kind: 'fact', content: 'Mostly cycles to work' },
    ]);
  });

  it('reads a word or phrase the user hates or loves with the words quoted, not "the phrase"', async () => {
    expect(
      await read("Hmm. I hate the phrase 'capture your special day', please never use it for me."),
    ).toContainEqual({
      kind: 'preference',
      content: "Hates the phrase 'capture your special day'",
      facet: 'capture your special day',
      polarity: 'avoid',
    });
    expect(await read('I love the word "petrichor"')).toEqual([
      { kind: 'preference', content: "Loves the word 'petrichor'", facet: 'petrichor', polarity: 'prefer' },
    ]);
    expect(await read('I hate the word count on this app')).toEqual([
      {
        kind: 'preference',
        content: 'Hates the word count on this app',
        facet: 'word count',
        polarity: 'avoid',
      },
    ]);
  });

  it('reads teaching or coaching as the work slot, not teaching the user own people', async () => {
    expect(await read('I teach piano to adults at a community centre in Hull. any warm-up ideas?')).toEqual([
      { kind: 'fact', content: 'Teaches piano to adults at a community centre in Hull', key: 'job_title' },
    ]);
    expect(await read('I coach an under-12 netball team on Saturdays')).toEqual([
      { kind: 'fact', content: 'Coaches an under-12 netball team on Saturdays', key: 'job_title' },
    ]);
    expect(await read('I teach my son to read in the evenings')).toEqual([]);
    expect(await read('I tutor myself with flashcards')).toEqual([]);
    expect(await read('I teach how to bake bread, do you have a recipe?')).toEqual([]);
  });
});

describe('offline extractor: what the eleventh held-out set showed (general readings)', () => {
  const read = async (...texts: string[]) => (await fromUser(...texts)).map(brief);

  it('reads lasting conditions of speech, sight, joints and glands, and leaves a phrase that only looks like one', async () => {
    expect(await read("hi, I've got a stammer (had it since I was a kid)")).toEqual([
      { kind: 'constraint', content: 'Has a stammer' },
    ]);
    expect(await read('I have wet macular degeneration in both eyes')).toEqual([
      { kind: 'constraint', content: 'Has wet macular degeneration' },
    ]);
    expect(await read('i have ME/CFS (moderate, dx 2021)')).toEqual([
      { kind: 'constraint', content: 'Has ME/CFS' },
    ]);
    expect(await read('ive got a herniated disc, L5-S1')).toEqual([
      { kind: 'constraint', content: 'Has a herniated disc' },
    ]);
    expect(await read('I have me time on sundays')).toEqual([]);
  });

  it('reads where "we" are, but not a stay', async () => {
    expect(await read("ok we're in Cardiff so it's not exactly freezing")).toEqual([
      { kind: 'fact', content: 'Lives in Cardiff', key: 'residence' },
    ]);
    expect(await read("we're in Paris this week")).toEqual([]);
  });

  it('reads a rule whose situation is the assistant acting, with what it acts on as the trigger', async () => {
    expect(await read('when you give me a workout write it as a table, exercise | sets | reps')).toEqual([
      { kind: 'rule', content: 'Write it as a table, exercise | sets | reps', trigger: 'workout' },
    ]);
    expect(await read('whenever you quiz me, tell me the question pool ID too')).toEqual([
      { kind: 'rule', content: 'Tell the question pool ID too', trigger: 'quiz' },
    ]);
    expect(await read('so if you ever suggest van layouts remember he needs a bed in there')).toEqual([
      { kind: 'rule', content: 'Remember he needs a bed in there', trigger: 'van layouts' },
    ]);
    expect(await read('when you explain things, use simple words')).toEqual([
      { kind: 'rule', content: 'Use simple words', trigger: 'explain' },
    ]);
    // No instruction after the situation: nothing standing.
    expect(await read('when you get a chance, send me the file')).toEqual([]);
    expect(await read("if you give me a hand I'll buy you a beer")).toEqual([]);
  });

  it('reads a thing the user describes as a situation, and a standing instruction after "and"', async () => {
    expect(
      await read('From now on when I describe a coin, give me the likely emperor and date range'),
    ).toEqual([{ kind: 'rule', content: 'Give the likely emperor and date range', trigger: 'a coin' }]);
    expect(await read('just a practical schedule. and always use 24h times')).toEqual([
      { kind: 'preference', content: 'Use 24h times' },
    ]);
  });

  it('reads a decision said after what it is, a bare "decided." before it, and a mind made up', async () => {
    expect(await read("ok we're doing the bug unit first, decided. what would I need to buy")).toEqual([
      { kind: 'decision', content: 'Decided to do the bug unit first' },
    ]);
    expect(await read('decided. going up £5 across the board from 1st March')).toEqual([
      { kind: 'decision', content: 'Decided to go up £5 across the board from 1st March' },
    ]);
    expect(await read("right i've made my mind up, everyone gets equal minutes in matches")).toEqual([
      { kind: 'decision', content: 'Decided that everyone gets equal minutes in matches' },
    ]);
    expect(await read("I've made up my mind to sell the car")).toEqual([
      { kind: 'decision', content: 'Decided to sell the car' },
    ]);
    // Nothing was decided: "decided" is not alone, or only asks.
    expect(await read("I'm going to the shop. haven't decided what to buy")).toEqual([]);
  });

  it('reads a role at a firm whose name ends like a trade, a "tech", days a week worked, a name before "but"', async () => {
    expect(await read('im a cnc machinist at Kessler Aero, mostly 5 axis')).toEqual([
      { kind: 'fact', content: 'Works as a cnc machinist', key: 'job_title' },
      { kind: 'fact', content: 'Works at Kessler Aero', key: 'employer' },
    ]);
    expect(await read("hiya. I'm a wind turbine tech, work offshore")).toEqual([
      { kind: 'fact', content: 'Works as a wind turbine tech', key: 'job_title' },
    ]);
    expect(await read('i work 3 days a wk from home as a data analyst')).toEqual([
      { kind: 'fact', content: 'Works as a data analyst', key: 'job_title' },
      { kind: 'fact', content: 'Works 3 days a wk from home' },
    ]);
    // Under the i flag a capital-letter class matched "but": the surname must be capitalised.
    expect(await read("My name's Tomasz but everyone calls me Tom.")).toEqual([
      { kind: 'fact', content: 'Wants to be called Tom', key: 'preferred_name' },
      { kind: 'fact', content: 'Is called Tomasz', key: 'name' },
    ]);
    expect(await read('My name is Maria Reyes')).toEqual([
      { kind: 'fact', content: 'Is called Maria Reyes', key: 'name' },
    ]);
    expect(await read("I'm a tech bro lol")).not.toContainEqual(
      expect.objectContaining({ key: 'job_title' }),
    );
  });

  it('reads a child as "our lad" or "our wee one", ages in brackets, and a late husband by name', async () => {
    expect(await read('home in Grimsby with my wife Jodie and our lad Alfie (he is 4)')).toEqual([
      { kind: 'fact', content: 'Has a wife called Jodie', key: 'partner:name' },
      { kind: 'fact', content: 'Has a lad called Alfie', key: 'child:name' },
    ]);
    expect(await read('my partner Niamh and our wee one Orla')).toContainEqual({
      kind: 'fact',
      content: 'Has a wee one called Orla',
      key: 'child:name',
    });
    expect(await read('our two kids, Eli (9) and Tom (6), love it')).toEqual([
      { kind: 'fact', content: 'Has a kid called Eli', key: 'child:name' },
      { kind: 'fact', content: 'Has a kid called Tom', key: 'child:name' },
    ]);
    expect(await read('My late husband Huw always did the crossword with me')).toEqual([
      { kind: 'fact', content: 'Late husband was called Huw', key: 'partner:name' },
    ]);
    expect(await read('the lad at the shop was rude')).toEqual([]);
  });

  it('reads a way of writing asked for by what answers are written in, not a one-off request', async () => {
    expect(await read('And please use Canadian spelling, not American, it bothers me.')).toEqual([
      { kind: 'preference', content: 'Use Canadian spelling' },
    ]);
    expect(await read('and in general go easy on the equations, my brain shuts off')).toEqual([
      { kind: 'preference', content: 'Go easy on the equations' },
    ]);
    expect(await read('Please use the NABRE translation for any scripture quotes')).toEqual([
      { kind: 'preference', content: 'Use the NABRE translation for any scripture quotes' },
    ]);
    expect(await read('please use the attached file')).toEqual([]);
    expect(await read('use the second option')).toEqual([]);
    expect(await read('give me 3 examples')).toEqual([]);
  });

  it('reads what the user says before a rule, "really don\'t like", "already vegetarian"', async () => {
    expect(
      await read(
        'oh and my own dog Biscuit comes in the van every day, so if you ever suggest van layouts remember he needs a bed',
      ),
    ).toEqual([
      { kind: 'fact', content: 'Has a dog called Biscuit', key: 'pet:name' },
      { kind: 'rule', content: 'Remember he needs a bed', trigger: 'van layouts' },
    ]);
    expect(await read("I'm vegan, so whenever I ask for recipes, skip the meat")).toEqual([
      { kind: 'constraint', content: 'Is vegan', key: 'diet' },
      { kind: 'rule', content: 'Skip the meat', trigger: 'ask for recipes' },
    ]);
    expect(await read("sabudana khichdi is a yes, but I really don't like kuttu rotis")).toEqual([
      { kind: 'preference', content: 'Does not like kuttu rotis', facet: 'kuttu rotis', polarity: 'avoid' },
    ]);
    expect(await read("I'm already vegetarian")).toEqual([
      { kind: 'constraint', content: 'Is vegetarian', key: 'diet' },
    ]);
    expect(await read("my friend really doesn't like olives")).toEqual([]);
  });

  it('reads Chinese: more lasting conditions, a diagnosis without the subject, 以后 as "after" is no standing instruction', async () => {
    expect(await read('我是强直性脊柱炎,确诊三年了')).toEqual([
      { kind: 'constraint', content: '有强直性脊柱炎' },
    ]);
    expect(await read('前阵子查出来桥本甲状腺炎，已经甲减了')).toEqual([
      { kind: 'constraint', content: '有桥本甲状腺炎' },
    ]);
    // Someone else's diagnosis.
    expect(await read('我妈查出来糖尿病')).not.toContainEqual({ kind: 'constraint', content: '有糖尿病' });
    // "合同到期以后" is "after the contract ends": a decision, not a rule for every later answer.
    expect(await read('我想好了，合同到期以后再续一年，实在舍不得这帮孩子')).toEqual([
      { kind: 'decision', content: '决定合同到期以后再续一年' },
    ]);
    expect(await read('你以后别给我推荐跑步了')).toEqual([
      { kind: 'preference', content: '不要推荐跑步', facet: '跑步', polarity: 'avoid' },
    ]);
  });

  it('reads Chinese: rules on what the user hands over or asks for, quoted words kept, the manner of every answer', async () => {
    expect(await read('以后我把客户的聊天记录发给你,你就帮我回得客气一点、简短一点')).toEqual([
      { kind: 'rule', content: '帮回得客气一点、简短一点', trigger: '客户的聊天记录' },
    ]);
    expect(await read('以后我叫你配菜单 你都要把每桌的成本算出来')).toEqual([
      { kind: 'rule', content: '把每桌的成本算出来', trigger: '配菜单' },
    ]);
    expect(await read('以后我问鸟的事，能给出处的尽量给出处')).toEqual([
      { kind: 'rule', content: '能给出处的尽量给出处', trigger: '鸟' },
    ]);
    expect(await read('以后给我的教案都按“导入—新授—练习—小结”四段写')).toEqual([
      { kind: 'rule', content: '按“导入—新授—练习—小结”四段写', trigger: '的教案' },
    ]);
    expect(await read('以后回答我短一点哈，我一般晚上在宿舍拿手机看')).toEqual([
      { kind: 'preference', content: '回答短一点' },
    ]);
    expect(await read('以后说简单点')).toEqual([{ kind: 'preference', content: '回答简单点' }]);
    // Not the manner of every answer: a thing asked for.
    expect(await read('以后说简单点的菜谱')).not.toContainEqual({
      kind: 'preference',
      content: '回答简单点',
    });
  });
});

describe('offline extractor: figures on the committed chats', () => {
  const score = async (file: string) => {
    const set = LabelledSetSchema.parse(
      JSON.parse(readFileSync(new URL(`../fixtures/extract/${file}`, import.meta.url), 'utf8')),
    );
    const results = [];
    for (const chat of set.chats)
      results.push((await extractor.extract({ session: chat.id, turns: chatTurns(chat) })).proposals);
    return scoreRun(set.chats, results);
  };

  // Floors a little under the figures measured when the patterns were last changed (docs/extraction.md):
  // a change that costs more than that must say why.
  it('dev set: precision >= 0.95, recall >= 0.85 on explicit statements, each language >= 0.8', async () => {
    const { overall, byLanguage } = await score('dev-chats.json');
    expect(precision(overall)).toBeGreaterThanOrEqual(0.95);
    expect(recall(overall)).toBeGreaterThanOrEqual(0.85);
    for (const tally of Object.values(byLanguage)) {
      expect(precision(tally)).toBeGreaterThanOrEqual(0.9);
      expect(recall(tally)).toBeGreaterThanOrEqual(0.8);
    }
  });

  it('held-out set: precision >= 0.9, recall >= 0.75', async () => {
    const { overall } = await score('held-out-chats.json');
    expect(precision(overall)).toBeGreaterThanOrEqual(0.9);
    expect(recall(overall)).toBeGreaterThanOrEqual(0.75);
  });

  // The second held-out set (casual chat, written blind to the patterns): first run 0.647 / 0.143.
  it('second held-out set: precision >= 0.8, recall >= 0.45', async () => {
    const { overall } = await score('held-out-chats-2.json');
    expect(precision(overall)).toBeGreaterThanOrEqual(0.8);
    expect(recall(overall)).toBeGreaterThanOrEqual(0.45);
  });

  // The third held-out set (written blind after the second set's readings): first run 0.313 / 0.072.
  it('third held-out set: precision >= 0.7, recall >= 0.38', async () => {
    const { overall } = await score('held-out-chats-3.json');
    expect(precision(overall)).toBeGreaterThanOrEqual(0.7);
    expect(recall(overall)).toBeGreaterThanOrEqual(0.38);
  });

  // The fifth held-out set (written blind after the fourth set's readings): first run 0.576 / 0.207.
  it('fifth held-out set: precision >= 0.75, recall >= 0.45', async () => {
    const { overall } = await score('held-out-chats-5.json');
    expect(precision(overall)).toBeGreaterThanOrEqual(0.75);
    expect(recall(overall)).toBeGreaterThanOrEqual(0.45);
  });

  // The sixth held-out set (written blind after the fifth set's readings): first run 0.452 / 0.154, the honest
  // estimate for chat in topics the patterns have not met.
  // Since the standing-things reading (0.632 / 0.264 after it, 0.563 / 0.198 before).
  it('sixth held-out set: precision >= 0.55, recall >= 0.24', async () => {
    const { overall } = await score('held-out-chats-6.json');
    expect(precision(overall)).toBeGreaterThanOrEqual(0.55);
    expect(recall(overall)).toBeGreaterThanOrEqual(0.24);
  });

  // The seventh held-out set (written blind after the sixth set's readings): first run 0.750 / 0.168.
  it('seventh held-out set: precision >= 0.85, recall >= 0.5', async () => {
    const { overall } = await score('held-out-chats-7.json');
    expect(precision(overall)).toBeGreaterThanOrEqual(0.85);
    expect(recall(overall)).toBeGreaterThanOrEqual(0.5);
  });

  // The eighth held-out set (written blind after the seventh set's readings): first run 0.583 / 0.176.
  it('eighth held-out set: precision >= 0.7, recall >= 0.3', async () => {
    const { overall } = await score('held-out-chats-8.json');
    expect(precision(overall)).toBeGreaterThanOrEqual(0.7);
    expect(recall(overall)).toBeGreaterThanOrEqual(0.3);
  });

  // The fourth held-out set (written blind after the third set's readings): first run 0.739 / 0.224.
  // The ninth held-out set (written blind on 2026-12-05, after the standing-things reading): first run 0.591 /
  // 0.168; 0.736 / 0.252 after the general readings it prompted (recorded in docs/extraction.md).
  it('ninth held-out set: precision >= 0.55, recall >= 0.15', async () => {
    const { overall } = await score('held-out-chats-9.json');
    expect(precision(overall)).toBeGreaterThanOrEqual(0.55);
    expect(recall(overall)).toBeGreaterThanOrEqual(0.15);
  });

  // The tenth held-out set (written blind on 2026-12-05 by two sessions from the brief alone): first run 0.695 /
  // 0.303; 0.779 / 0.423 after the general readings it prompted (recorded in docs/extraction.md).
  it('tenth held-out set: precision >= 0.7, recall >= 0.38', async () => {
    const { overall } = await score('held-out-chats-10.json');
    expect(precision(overall)).toBeGreaterThanOrEqual(0.7);
    expect(recall(overall)).toBeGreaterThanOrEqual(0.38);
  });

  // The eleventh (written blind on 2026-12-06): first run 0.805 / 0.258, then the readings above.
  it('eleventh held-out set: precision >= 0.8, recall >= 0.3', async () => {
    const { overall } = await score('held-out-chats-11.json');
    expect(precision(overall)).toBeGreaterThanOrEqual(0.8);
    expect(recall(overall)).toBeGreaterThanOrEqual(0.3);
  });

  it('fourth held-out set: precision >= 0.75, recall >= 0.33', async () => {
    const { overall } = await score('held-out-chats-4.json');
    expect(precision(overall)).toBeGreaterThanOrEqual(0.75);
    expect(recall(overall)).toBeGreaterThanOrEqual(0.33);
  });
});
