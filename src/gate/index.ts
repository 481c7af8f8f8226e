// The write gate's public surface: evaluateWrite, its detectors and the code lists for metrics.
export type { CallerAuth, CallerContext } from './caller.ts';
export { type ConsistencyResult, checkConsistency } from './consistency.ts';
export { contentHash } from './content-hash.ts';
export {
  type EvaluateWriteOptions,
  evaluateWrite,
  type GateAccepted,
  type GateRejected,
  type GateResult,
} from './evaluate-write.ts';
export { type FieldValue, fieldText, SCANNED_FIELDS, type ScannedField, scannedValues } from './fields.ts';
export {
  detectInjection,
  INJECTION_SIGNALS,
  type InjectionResult,
  type InjectionSignal,
} from './injection.ts';
export { normalizeContent } from './normalize.ts';
export { detectPii, type PiiFinding } from './pii/index.ts';
export {
  DEFAULT_PII_POLICY,
  type PiiAction,
  type PiiPolicy,
  PiiPolicySchema,
  type ResolvedPiiPolicy,
  resolvePiiPolicy,
} from './pii/policy.ts';
export { type PiiRedaction, type RedactedFields, screenPii } from './pii/screen.ts';
export {
  DETECTION_CODES,
  type DetectionCode,
  GATE_FLAGS,
  GATE_REASON_CODES,
  type GateFlag,
  type GateReason,
  type GateReasonCode,
  PII_CLASSES,
  PII_CODES,
  PII_REDACTION_FLAGS,
  PII_REJECTION_CODES,
  type PiiClass,
  type PiiCode,
  type PiiRedactionFlag,
  piiMessage,
  SECRET_CODES,
  type SecretCode,
  VALIDATION_CODES,
} from './reason-codes.ts';
export { computeExpiry, DEFAULT_EPISODE_TTL_SECONDS, type RetentionResult } from './retention.ts';
export { detectSecrets, type SecretFinding } from './secrets/index.ts';
export { assignTrust, defaultSourceType, type Trust, type TrustAssignment } from './trust.ts';
