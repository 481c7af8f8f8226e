// Detects container registry credentials: the "auth" entries of a Docker config.json (base64 "user:password"),
// identity and registry tokens there, a whole config pasted base64-encoded (a Kubernetes .dockerconfigjson),
// and passwords given to `docker login` on the command line. A config that names only a credential helper
// ("credsStore": "desktop") holds no secret and passes.
import { decodeBase64Url } from './jwt.ts';
import { findAll } from './match.ts';
import { isPlaceholder } from './placeholders.ts';
import type { SecretFinding } from './types.ts';

// "auth": "dXNlcjpwYXNz" in JSON, or auth: dXNlcjpwYXNz in YAML.
const AUTH_ENTRY = /["']?\bauth["']?\s*[:=]\s*["']?([A-Za-z0-9+/]{8,}={0,2})["']?/dgi;
const TOKEN_ENTRY = /["'](?:identitytoken|registrytoken)["']\s*:\s*["']([^"'\s]{16,})["']/dgi;
// base64 of '{"auths":' or of '{\n  "auths":' / '{\n\t"auths":' (pretty-printed).
const ENCODED_CONFIG = /(?:eyJhdXRocyI6|ewogICJhdXRocyI6|ewoJImF1dGhzIjo)[A-Za-z0-9+/]{20,}={0,2}/g;
const DOCKER_LOGIN =
  /\b(?:docker|podman|nerdctl|buildah|skopeo)\s+login\b[^\n]*?\s(?:-p|--password)(?:\s+|=)(["']?)([^\s"']+)\1/dgi;

function decodesToCredentials(encoded: string): boolean {
  const decoded = decodeBase64Url(encoded.replace(/=+$/, ''));
  if (decoded === null) return false;
  const colon = decoded.indexOf(':');
  // "user:password", printable, with both halves present.
  return colon > 0 && colon < decoded.length - 1 && /^[\x20-\x7e]+$/.test(decoded);
}

function encodedConfigHasAuth(encoded: string): boolean {
  const decoded = decodeBase64Url(encoded.replace(/=+$/, ''));
  return (
    decoded !== null &&
    findAll(decoded, AUTH_ENTRY, 'secret.docker_auth', { group: 1, accept: decodesToCredentials }).length > 0
  );
}

/** Registry credentials in Docker configs, encoded configs and `docker login -p` commands. */
export function detectDockerAuth(text: string): SecretFinding[] {
  return [
    ...findAll(text, AUTH_ENTRY, 'secret.docker_auth', { group: 1, accept: decodesToCredentials }),
    ...findAll(text, TOKEN_ENTRY, 'secret.docker_auth', { group: 1, accept: (t) => !isPlaceholder(t) }),
    ...findAll(text, ENCODED_CONFIG, 'secret.docker_auth', { accept: encodedConfigHasAuth }),
    ...findAll(text, DOCKER_LOGIN, 'secret.docker_auth', {
      group: 2,
      accept: (value) => !isPlaceholder(value) && !value.startsWith('$') && !value.startsWith('-'),
    }),
  ];
}
