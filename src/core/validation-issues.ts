// How a validation failure is reported in `details.issues`: the field path, zod's code and its message, never the
// offending value. One format for the HTTP validation hook and the services that validate what they build.

export interface ValidationIssue {
  path: string;
  code: string;
  message: string;
}

export function validationIssues(error: {
  issues: readonly { path: PropertyKey[]; code: string; message: string }[];
}): ValidationIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    code: issue.code,
    message: issue.message,
  }));
}
