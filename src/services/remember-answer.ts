// The API's answer to one remember result, shared by POST /v1/memories, the batch endpoint and the MCP tool:
// 201 with the gate's verdict, 200 for a duplicate, or the 422 rejected_by_gate error with the reasons.
import type { RememberResponse } from '../contract/index.ts';
import { AppError } from '../core/errors.ts';
import type { RememberResult } from './write-pipeline.ts';

export type RememberAnswer = { status: 201 | 200; body: RememberResponse } | { status: 422; error: AppError };

export function rememberAnswer(result: RememberResult): RememberAnswer {
  switch (result.decision) {
    case 'accepted':
      return {
        status: 201,
        body: {
          memory: result.memory,
          gate: {
            decision: 'accepted',
            trust: result.trust,
            flags: result.flags,
            superseded: result.superseded,
          },
        },
      };
    case 'duplicate':
    case 'merged':
      return { status: 200, body: { memory: result.memory, gate: { decision: result.decision } } };
    case 'rejected':
      return {
        status: 422,
        error: new AppError('rejected_by_gate', 'rejected by the write gate', { reasons: result.reasons }),
      };
  }
}
