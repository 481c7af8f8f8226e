// The Hono environment of the Engram app: the per-request variables set by middleware.
import type { Principal } from '../core/principal.ts';

export interface AppVariables {
  principal: Principal;
  requestId: string;
}

export interface AppEnv {
  Variables: AppVariables;
}
