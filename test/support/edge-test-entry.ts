// A test build of the Worker: functions/worker.ts as is, plus GET /__test/isolate, which reports how many apps this
// isolate built and how many pools it opened and closed. Only test/edge starts it; production never serves it.
import worker from '../../functions/worker.ts';
import { edgeAppCounts } from '../../src/server/edge.ts';
import { edgeScopeCounts } from '../../src/server/edge-scope.ts';

export default {
  fetch(request, env, ctx) {
    if (new URL(request.url).pathname === '/__test/isolate') {
      return Response.json({ apps_built: edgeAppCounts.built, pools: edgeScopeCounts });
    }
    return worker.fetch(request, env, ctx);
  },
  scheduled: worker.scheduled,
} satisfies ExportedHandler<Env>;
