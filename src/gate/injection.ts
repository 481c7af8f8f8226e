// Flags text that reads like a prompt-injection attempt: instructions aimed at the model that will later read
// this memory ("ignore previous instructions", "you are now ...", fake system prompts, jailbreak markers,
// hidden instructions to tools). A flag, not a verdict: the gate stores the text but caps its trust at 0.

/** Which family of injection pattern matched; safe to log (it says nothing about the content). */
export const INJECTION_SIGNALS = [
  'override_instructions',
  'role_reassignment',
  'system_prompt',
  'jailbreak',
  'tool_instruction',
  'hidden_markup',
  'hidden_unicode',
] as const;

export type InjectionSignal = (typeof INJECTION_SIGNALS)[number];

export interface InjectionResult {
  suspected: boolean;
  signals: InjectionSignal[];
}

const PATTERNS: Record<Exclude<InjectionSignal, 'hidden_markup' | 'hidden_unicode'>, readonly RegExp[]> = {
  override_instructions: [
    /\b(?:ignore|disregard|forget|override|bypass|skip|abandon)\s+(?:(?:all|any|the|your|my|every|of|these|those)\s+)*(?:previous|prior|above|earlier|preceding|former|original|existing|past|system|initial)\s+(?:instructions?|prompts?|directions?|directives?|rules?|guidelines?|context|messages?|commands?|guardrails?|constraints?|programming|orders?)\b/i,
    /\b(?:ignore|disregard|forget)\s+(?:everything|all)\s+(?:above|before|previously|prior|you(?:'ve|\s+have)\s+been\s+told)\b/i,
    /\b(?:ignore|disregard|forget)\s+all\s+(?:prior|previous|earlier)\b/i,
  ],
  role_reassignment: [
    /\byou\s+are\s+now\s+(?:an?\s+)?(?:(?:different|new|unrestricted|unfiltered|uncensored|evil|rogue|jailbroken|free|helpful|malicious)\s+)?(?:AI|assistant|bot|chatbot|model|language\s+model|persona|character|DAN|hacker|version\s+of|system)\b/i,
    /\byou\s+are\s+now\s+(?:in\s+)?(?:developer|god|admin|debug|unrestricted|jailbreak|sudo|maintenance)\s+mode\b/i,
    /\byou\s+are\s+now\s+(?:no\s+longer|free\s+from|freed\s+from|unbound|not\s+bound|acting|playing|roleplaying|pretending|called|named|operating\s+as)\b/i,
    /\bfrom\s+now\s+on,?\s+(?:you|the\s+(?:assistant|AI|model))\s+(?:are|will|must|shall|should)\b/i,
    /\b(?:act|behave|respond)\s+as\s+(?:if\s+you\s+(?:are|were)\s+)?(?:an?\s+)?(?:unrestricted|unfiltered|uncensored|jailbroken|evil|DAN)\b/i,
    /\bpretend\s+(?:that\s+)?(?:you\s+are|to\s+be|you're)\b[^.\n]{0,60}\b(?:no|without|any)\s+(?:restrictions|rules|filters|limits|guidelines|censorship)\b/i,
  ],
  system_prompt: [
    /\b(?:system|developer)\s*(?:prompt|message|instructions?)\s*:/i,
    /<\|(?:im_start|im_end|system|user|assistant|endoftext)\|>/i,
    /<<\/?SYS>>|\[\/?INST\]/,
    /^\s*#{1,4}\s*(?:system|instructions?)\s*:?\s*$/im,
    /<\/?(?:system|instructions?|system_prompt)>/i,
    /\b(?:reveal|print|show|repeat|output|leak)\s+(?:your|the)\s+(?:system\s+prompt|hidden\s+instructions|initial\s+instructions)\b/i,
    /\bnew\s+(?:system\s+)?instructions?\s*:/i,
  ],
  jailbreak: [
    /\bdo\s+anything\s+now\b/i,
    /\bdeveloper\s+mode\s+(?:enabled|on|activated)\b/i,
    /\b(?:jailbreak|jailbroken)\s+(?:mode|prompt|enabled|activated)\b/i,
    /\bignore\s+(?:your|all|any)\s+(?:safety|ethical|content)\s+(?:guidelines|policies|filters|rules|restrictions)\b/i,
    /\bwithout\s+(?:any\s+)?(?:ethical|moral|content|safety)\s+(?:restrictions|guidelines|filters|limitations)\b/i,
  ],
  tool_instruction: [
    /\b(?:call|invoke|execute|trigger)\s+the\s+[\w.-]+\s+(?:tool|function)\b/i,
    /\bexecute\s+the\s+following\b/i,
    /\b(?:send|forward|post|upload|email|transmit|leak)\s+(?:all\s+|every\s+|any\s+)?(?:of\s+)?(?:the\s+)?(?:user'?s?\s+|this\s+|your\s+)?(?:data|memories|memory|conversation|chat\s+history|history|emails?|files?|credentials|secrets|passwords|api\s+keys?|tokens|contacts|messages)\s+to\s+(?:https?:\/\/|this\s+(?:url|address|server|endpoint))/i,
    /\bexfiltrat(?:e|ing|ion)\b/i,
    /\bwhen\s+(?:you|the\s+(?:assistant|AI|model|agent|LLM))\s+(?:read|see|recall|retrieve|process|encounter)s?\s+this\b/i,
    /\b(?:do\s+not|don't|never)\s+(?:tell|inform|alert|notify|mention\s+(?:this\s+)?to|reveal\s+(?:this\s+)?to)\s+the\s+user\b/i,
    /\b(?:note|message|instructions?)\s+(?:to|for)\s+(?:the\s+|any\s+)?(?:AI|assistant|LLM|language\s+model|agent|chatbot)s?\s*:/i,
    /<\/?(?:tool_call|function_call|tool_use|tool_result)\b/i,
    /\brm\s+-rf\s+[/~](?:\s|$)/,
  ],
};

// An HTML comment is invisible once rendered: one that addresses the model is an instruction hidden from people.
const COMMENT_INSTRUCTION =
  /\b(?:ignore|instructions?|assistant|AI|LLM|system|prompt|execute|you\s+must|do\s+not\s+tell)\b/i;
// Unicode tag characters render as nothing ("ASCII smuggling"); emoji subdivision flags are their one honest use.
const TAG_CHARS = /[\u{E0000}-\u{E007F}]/gu;
const FLAG_SEQUENCE = /\u{1F3F4}[\u{E0030}-\u{E0039}\u{E0061}-\u{E007A}]{1,7}\u{E007F}/gu;

function patternSignals(text: string): InjectionSignal[] {
  return (Object.keys(PATTERNS) as (keyof typeof PATTERNS)[]).filter((signal) =>
    PATTERNS[signal].some((pattern) => pattern.test(text)),
  );
}

/** The bodies of HTML comments, found with indexOf so a text full of "<!--" stays linear (a lazy regex does not). */
function htmlComments(text: string): string[] {
  const bodies: string[] = [];
  let open = text.indexOf('<!--');
  while (open !== -1) {
    const close = text.indexOf('-->', open + 4);
    if (close === -1) break;
    bodies.push(text.slice(open + 4, close));
    open = text.indexOf('<!--', close + 3);
  }
  return bodies;
}

/** Decodes tag characters to the ASCII they smuggle (U+E0041 -> "A"); empty when there are none. */
function smuggledText(text: string): string {
  const withoutFlags = text.replace(FLAG_SEQUENCE, '');
  return Array.from(withoutFlags.matchAll(TAG_CHARS), (m) =>
    String.fromCharCode((m[0].codePointAt(0) ?? 0) - 0xe0000),
  ).join('');
}

/** Whether `text` looks like a prompt-injection attempt, and which pattern families matched. */
export function detectInjection(text: string): InjectionResult {
  const signals = new Set<InjectionSignal>(patternSignals(text));
  if (htmlComments(text).some((comment) => COMMENT_INSTRUCTION.test(comment))) signals.add('hidden_markup');
  const smuggled = smuggledText(text);
  if (smuggled.length > 0) {
    signals.add('hidden_unicode');
    for (const signal of patternSignals(smuggled)) signals.add(signal);
  }
  const ordered = INJECTION_SIGNALS.filter((signal) => signals.has(signal));
  return { suspected: ordered.length > 0, signals: ordered };
}
