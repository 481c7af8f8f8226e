// Detects API tokens of services that mark their tokens with a fixed prefix or shape (GitLab, Hugging Face,
// DigitalOcean, Shopify, PyPI, Docker Hub, Vault, Groq, Postman, Google OAuth, age, New Relic, Supabase,
// Discord, 1Password, Tailscale and some sixty more), and webhook URLs that carry their own credential.
// The formats are the ones each vendor documents (and secret scanners such as gitleaks list); a prefix is only
// trusted with a body of the documented length and alphabet, and random enough to be a credential.
import { charClasses, shannonEntropy } from './match.ts';
import type { SecretFinding } from './types.ts';

/** [service, pattern source]: each pattern is a complete token, matched between non-token characters. */
const FORMATS: readonly [string, string][] = [
  ['gitlab', 'gl(?:pat|dt|rt|ptt|ft|imt|agent|oas|soat|ffct)-[\\w-]{20,300}(?:\\.[0-9a-z]{9})?'],
  ['gitlab', 'glcbt-[0-9a-zA-Z]{1,5}_[\\w-]{20}'],
  ['gitlab', 'GR1348941[\\w-]{20}'],
  // Letters only as issued, but pasted ones with digits are as secret ("hf_X6HZ7f52Yr8x...").
  ['huggingface', '(?:hf|api_org)_[A-Za-z0-9]{34}'],
  ['digitalocean', 'do[opr]_v1_[a-f0-9]{64}'],
  ['shopify', 'shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}'],
  ['pypi', 'pypi-AgEIcHlwaS5vcmc[\\w-]{50,1000}'],
  ['docker', 'dckr_(?:pat|oat)_[\\w-]{27,}'],
  ['vault', 'hv[sb]\\.[\\w-]{24,300}'],
  ['groq', 'gsk_[A-Za-z0-9]{52}'],
  ['replicate', 'r8_[A-Za-z0-9]{37}'],
  ['xai', 'xai-[A-Za-z0-9]{70,90}'],
  ['perplexity', 'pplx-[A-Za-z0-9]{48}'],
  ['postman', 'PMAK-[a-fA-F0-9]{24}-[a-fA-F0-9]{34}'],
  ['google-oauth', 'GOCSPX-[\\w-]{28}'],
  ['google-oauth', 'ya29\\.[\\w-]{30,}'],
  ['google-oauth', '1//0[\\w-]{40,}'],
  ['mailgun', 'key-[a-f0-9]{32}'],
  ['mailchimp', '[a-f0-9]{32}-us\\d{1,2}'],
  ['age', 'AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}'],
  ['newrelic', 'NR(?:AK|II)-[A-Za-z0-9-]{27,32}'],
  ['supabase', 'sbp_[a-f0-9]{40}'],
  ['supabase', 'sb_secret_[\\w-]{20,}'],
  ['sentry', 'sntry[su]_[\\w+/=]{40,}'],
  ['grafana', 'glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}'],
  ['grafana', 'glc_[A-Za-z0-9+/]{32,400}={0,3}'],
  ['grafana', 'eyJrIjoi[A-Za-z0-9]{70,400}={0,3}'],
  ['doppler', 'dp\\.(?:pt|st|sa|ct|scim|audit)\\.[A-Za-z0-9]{40,44}'],
  ['dynatrace', 'dt0c01\\.[A-Za-z0-9]{24}\\.[A-Za-z0-9]{64}'],
  ['linear', 'lin_(?:api|oauth)_[A-Za-z0-9]{40}'],
  // Notion's integration tokens since 2024: ntn_ and 46-47 characters (the documented 11 digits first are not always
  // there in tokens users paste).
  ['notion', 'ntn_[A-Za-z0-9]{44,50}'],
  ['notion', 'secret_[A-Za-z0-9]{43}'],
  ['figma', 'figd_[\\w-]{40}'],
  ['fly', 'fo1_[\\w-]{43}'],
  ['fly', 'fm[12][ar]?_[A-Za-z0-9+/]{100,}={0,3}'],
  ['netlify', 'nfp_[A-Za-z0-9]{36,40}'],
  ['render', 'rnd_[A-Za-z0-9]{32}'],
  ['planetscale', 'pscale_(?:tkn|pw|oauth)_[\\w=.-]{32,64}'],
  ['prefect', 'pnu_[A-Za-z0-9]{36}'],
  ['readme', 'rdme_[a-z0-9]{70}'],
  ['rubygems', 'rubygems_[a-f0-9]{48}'],
  ['clojars', 'CLOJARS_[a-z0-9]{60}'],
  ['databricks', 'dapi[a-f0-9]{32}(?:-\\d)?'],
  ['easypost', 'EZ[AT]K[A-Za-z0-9]{54}'],
  ['square', 'sq0(?:atp|csp)-[\\w-]{22,43}'],
  ['square', 'EAAA[\\w-]{60}'],
  // Mercado Pago's production access token (its test tokens begin TEST-).
  ['mercadopago', 'APP_USR-\\d{16}-\\d{6}-[a-f0-9]{32}-\\d{6,12}'],
  ['facebook', 'EAA[MC][A-Za-z0-9]{100,}'],
  ['brevo', 'xkeysib-[a-f0-9]{64}-[A-Za-z0-9]{16}'],
  ['typeform', 'tfp_[\\w.=-]{59}'],
  ['atlassian', 'ATATT3[\\w=-]{100,}'],
  ['bitbucket', 'ATBB[A-Za-z0-9]{32}'],
  ['artifactory', 'AKCp[A-Za-z0-9]{69}'],
  ['artifactory', 'cmVmd[A-Za-z0-9]{59}'],
  ['alibaba', 'LTAI[A-Za-z0-9]{20}'],
  ['tencent', 'AKID[A-Za-z0-9]{32}'],
  ['heroku', 'HRKU-AA[\\w-]{58}'],
  [
    '1password',
    'A3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}',
  ],
  ['1password', 'ops_eyJ[A-Za-z0-9+/]{250,}={0,3}'],
  ['tailscale', 'tskey-[a-z]+-[A-Za-z0-9]+-[A-Za-z0-9]{20,}'],
  ['pulumi', 'pul-[a-f0-9]{40}'],
  ['infracost', 'ico-[A-Za-z0-9]{32}'],
  ['openshift', 'sha256~[\\w-]{43}'],
  ['cloudflare', 'v1\\.0-[a-f0-9]{24}-[a-f0-9]{146}'],
  ['discord', '[MNO][A-Za-z\\d_-]{23,25}\\.[\\w-]{6}\\.[\\w-]{27,38}'],
  ['mapbox', 'sk\\.eyJ[\\w-]{50,}\\.[\\w-]{20,}'],
  ['twitter', 'A{22}[A-Za-z0-9%]{80,100}'],
  ['braintree', 'access_token\\$(?:production|sandbox)\\$[a-z0-9]{16}\\$[a-f0-9]{32}'],
  ['shippo', 'shippo_(?:live|test)_[a-fA-F0-9]{40}'],
  ['duffel', 'duffel_(?:test|live)_[\\w=-]{43}'],
  ['frameio', 'fio-u-[\\w=-]{64}'],
  ['flutterwave', 'FLWSECK(?:_TEST)?-[a-h0-9]{32}-X'],
  ['sourcegraph', 'sgp_(?:[a-fA-F0-9]{16}_)?[a-fA-F0-9]{40}'],
  ['scalingo', 'tk-us-[\\w-]{48}'],
  ['settlemint', 'sm_(?:aat|pat|sat)_[A-Za-z0-9]{16}'],
  ['harness', '(?:pat|sat)\\.[\\w-]{22}\\.[A-Za-z0-9]{24}\\.[A-Za-z0-9]{20}'],
  ['terraform', '[a-z0-9]{14}\\.atlasv1\\.[\\w=-]{60,70}'],
  ['maxmind', '[A-Za-z0-9]{6}_[A-Za-z0-9]{29}_mmk'],
  ['adobe', 'p8e-[A-Za-z0-9]{32}'],
  ['octopus', 'API-[A-Z0-9]{26}'],
  ['airtable', 'pat[A-Za-z0-9]{14}\\.[a-f0-9]{64}'],
  [
    'plaid',
    'access-(?:sandbox|development|production)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}',
  ],
  ['dropbox', 'sl\\.(?:u\\.)?[\\w-]{130,}'],
  ['contentful', 'CFPAT-[\\w-]{43}'],
  ['pinecone', 'pcsk_[\\w]{50,}'],
  ['langsmith', 'lsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}'],
  ['firebase', 'AAAA[\\w-]{7}:APA91b[\\w-]{134}'],
  ['neon', 'napi_[a-z0-9]{64}'],
  ['resend', 're_[A-Za-z0-9]{8}_[A-Za-z0-9]{24}'],
  ['elevenlabs', 'sk_[a-f0-9]{48}'],
  ['azure-devops', '[A-Za-z0-9]{76}AZDO[A-Za-z0-9]{4}'],
  ['yandex', 'AQVN[\\w-]{35,38}'],
  ['okta', '(?<=SSWS\\s)00[\\w=-]{40}'],
  // HubSpot private app tokens: the region, then a UUID.
  ['hubspot', 'pat-(?:na|eu|ap)\\d-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'],
];

const TOKEN = new RegExp(
  `(?<![A-Za-z0-9_$.~+/-])(?:${FORMATS.map(([, source]) => source).join('|')})(?![A-Za-z0-9_$~+/=-])`,
  'g',
);

// Webhook URLs whose path is the credential: anyone holding one can post as the integration.
const WEBHOOK_URLS =
  /https:\/\/(?:(?:ptb\.|canary\.)?discord(?:app)?\.com\/api\/webhooks\/\d+\/[\w-]{60,}|[\w-]+\.webhook\.office\.com\/webhookb2\/[\w@-]+\/IncomingWebhook\/[A-Za-z0-9]{32}\/[\w-]+|hooks\.zapier\.com\/hooks\/catch\/\d+\/[A-Za-z0-9]+)/g;

/** Prefixed service tokens and credential-bearing webhook URLs. */
export function detectServiceTokens(text: string): SecretFinding[] {
  const findings: SecretFinding[] = [];
  for (const match of text.matchAll(TOKEN)) {
    const token = match[0];
    // A credential's random body mixes classes at a high entropy; "API-DOCUMENTATION-..." style names do not.
    if (shannonEntropy(token) < 3.2 || charClasses(token) < 2) continue;
    findings.push({ code: 'secret.vendor_token', start: match.index, end: match.index + token.length });
  }
  for (const match of text.matchAll(WEBHOOK_URLS)) {
    findings.push({ code: 'secret.vendor_token', start: match.index, end: match.index + match[0].length });
  }
  return findings;
}
