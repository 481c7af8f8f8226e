// Configuration errors: each names the variable and what is wrong with it, never its value (a value can be a key).

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`invalid configuration:\n  ${issues.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

/** A bad embedder setting, or an embedder this runtime cannot build (no AI binding, no local loader). */
export class EmbedderConfigError extends ConfigError {
  constructor(issues: string[]) {
    super(issues);
    this.name = 'EmbedderConfigError';
    this.message = `invalid embedder configuration: ${issues.join('; ')}`;
  }
}

/** `NAME: problem` lines of a failed parse. */
export function issueLines(error: { issues: readonly { path: PropertyKey[]; message: string }[] }): string[] {
  return error.issues.map((issue) => `${issue.path.map(String).join('.')}: ${issue.message}`);
}
