// Detects vendor API tokens that announce themselves with a fixed prefix or shape (GitHub, Slack, Stripe,
// OpenAI, Anthropic, Twilio, SendGrid, npm, Telegram). Prefixes make these precise; length floors keep prose
// words out. Other services' prefixed tokens are in service-tokens.ts.
import { charClasses, findAll, shannonEntropy } from './match.ts';
import type { SecretFinding } from './types.ts';

const GITHUB =
  /(?<![A-Za-z0-9_])(?:(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{30,255}|github_pat_[A-Za-z0-9_]{22,255})/g;

const SLACK_TOKEN = /(?<![A-Za-z0-9])(?:xox[abposrce]|xapp)-[A-Za-z0-9-]{10,250}/g;
const SLACK_WEBHOOK = /https:\/\/hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9/_-]{20,}/g;

// Publishable keys (pk_live_...) are public by design and are not matched.
const STRIPE = /(?<![A-Za-z0-9])(?:(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,247}|whsec_[A-Za-z0-9]{24,})/g;

const ANTHROPIC = /(?<![A-Za-z0-9_-])sk-ant-[a-z]+\d*-[A-Za-z0-9_-]{20,}/g;
// Legacy sk-<48>, and the project, service account and admin forms; "sk-ant-" belongs to Anthropic.
const OPENAI = /(?<![A-Za-z0-9_-])sk-(?!ant-)(?:(?:proj|svcacct|admin|None)-)?[A-Za-z0-9_-]{20,}/g;

const TWILIO_API_KEY = /(?<![A-Za-z0-9])SK[0-9a-fA-F]{32}(?![A-Za-z0-9])/g;
const TWILIO_AUTH_TOKEN =
  /\btwilio\b[^\n]{0,60}?\b(?:auth[_ ]?token|token|secret)\b[^\n]{0,30}?(?:\n[ \t]*)?\b([0-9a-f]{32})\b/dgi;
// An account SID followed closely by a 32-hex value: the SID:token pair of HTTP basic auth or a config.
const TWILIO_SID_PAIR = /\bAC[0-9a-f]{32}\b[^\n]{0,80}?\b([0-9a-f]{32})\b/dg;

const SENDGRID = /(?<![A-Za-z0-9])SG\.[A-Za-z0-9_-]{16,32}\.[A-Za-z0-9_-]{30,50}/g;

// A Telegram bot token: the bot's numeric id, a colon, and 35 characters that start with "A" (BotFather's format).
const TELEGRAM_BOT = /(?<=^|[^A-Za-z0-9_]|\/bot)\d{5,16}:A[A-Za-z0-9_-]{34}(?![A-Za-z0-9_-])/g;

const NPM_TOKEN = /(?<![A-Za-z0-9])npm_[A-Za-z0-9]{36}(?![A-Za-z0-9])/g;
// An .npmrc auth line; a ${VAR} reference is how it should be written and is not a secret.
const NPMRC_AUTH = /_auth(?:Token)?\s*=\s*(?!\$\{)([^\s"']{20,})/dg;

/** GitHub personal, OAuth, app and fine-grained tokens. */
export function detectGithubTokens(text: string): SecretFinding[] {
  return findAll(text, GITHUB, 'secret.github_token');
}

/** Slack bot/user/app tokens and incoming webhook URLs (the URL itself is the credential). */
export function detectSlackTokens(text: string): SecretFinding[] {
  return [
    ...findAll(text, SLACK_TOKEN, 'secret.slack_token', { accept: (token) => /\d/.test(token) }),
    ...findAll(text, SLACK_WEBHOOK, 'secret.slack_token'),
  ];
}

/** Stripe secret and restricted keys (live and test) and webhook signing secrets. */
export function detectStripeKeys(text: string): SecretFinding[] {
  return findAll(text, STRIPE, 'secret.stripe_key');
}

/** Anthropic and OpenAI API keys. */
export function detectLlmProviderKeys(text: string): SecretFinding[] {
  return [
    ...findAll(text, ANTHROPIC, 'secret.anthropic_key'),
    // A real key mixes letters and digits at high entropy; "sk-learn-style-estimators" does neither.
    ...findAll(text, OPENAI, 'secret.openai_key', {
      accept: (token) => charClasses(token) >= 2 && /\d/.test(token) && shannonEntropy(token) >= 3.5,
    }),
  ];
}

/** Twilio API keys, auth tokens labelled as Twilio's, and account SID + token pairs. */
export function detectTwilio(text: string): SecretFinding[] {
  return [
    ...findAll(text, TWILIO_API_KEY, 'secret.twilio'),
    ...findAll(text, TWILIO_AUTH_TOKEN, 'secret.twilio', { group: 1 }),
    ...findAll(text, TWILIO_SID_PAIR, 'secret.twilio', { group: 1 }),
  ];
}

/** SendGrid API keys. */
export function detectSendgrid(text: string): SecretFinding[] {
  return findAll(text, SENDGRID, 'secret.sendgrid');
}

/** npm automation/publish tokens and .npmrc auth lines. */
export function detectNpmTokens(text: string): SecretFinding[] {
  return [
    ...findAll(text, NPM_TOKEN, 'secret.npm_token'),
    ...findAll(text, NPMRC_AUTH, 'secret.npm_token', { group: 1 }),
  ];
}

/** Telegram bot tokens, bare or inside an api.telegram.org/bot<token>/ URL. */
export function detectTelegramBotTokens(text: string): SecretFinding[] {
  return findAll(text, TELEGRAM_BOT, 'secret.telegram_bot_token', {
    accept: (token) => charClasses(token.slice(token.indexOf(':') + 1)) >= 2,
  });
}
