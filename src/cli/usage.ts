// What `engram --help` and `engram <command> --help` print: one summary and one usage per command, in a module
// that imports nothing, so that help never loads a command (or its database driver, or the local model).

const SUITE_USAGE = [
  'usage: engram eval lived-in --locomo FILE --out DIR [--data FILE] [--mode hybrid|vector|lexical|all] [--quiet]',
  '       engram eval chinese --out DIR [--data FILE] [--mode hybrid|vector|lexical|all] [--quiet]',
  '       engram eval all --locomo FILE --out DIR [--lived-in FILE] [--chinese FILE] [--label TEXT] [--quiet]',
  "  --data, --lived-in, --chinese: another file of the suite's format (a held-out set) instead of data/",
  '  lived-in: paraphrased questions, each user among the turns of a LoCoMo conversation (--locomo) and alone',
  '  chinese: Chinese questions that share a word with their memory (lexical and hybrid unless --mode)',
  '  all: LoCoMo (--mode all), lived-in and chinese, and one table of their headline figures in DIR/summary.md',
].join('\n');

export const COMMAND_HELP = {
  serve: {
    summary: 'run the HTTP server (what npm start runs)',
    usage:
      'usage: engram serve\n' +
      '  PORT, HOST, DATABASE_URL, ENGRAM_* configure it (README "Configuration"); ENGRAM_JOBS=off disables the jobs',
  },
  migrate: {
    summary: 'apply supabase/migrations to DATABASE_URL or the data dir',
    usage:
      'usage: engram migrate\n  applies the pending migrations of supabase/migrations to DATABASE_URL (else the data dir)',
  },
  keys: {
    summary: 'keys create --tenant NAME [--scopes ...]: issue an API key; keys revoke KEY_ID',
    usage:
      'usage: engram keys create --tenant NAME [--scopes memories:read,memories:write,admin] [--name LABEL]\n' +
      '       engram keys revoke KEY_ID',
  },
  sweep: {
    summary: 'delete expired memories, purge revoked ones past the retention (--batch-size --max-seconds)',
    usage:
      'usage: engram sweep [--batch-size 500] [--max-batches 1000] [--max-seconds 300] [--retention-days N]',
  },
  'vector-indexes': {
    summary:
      'build the HNSW index of each subject above the exact threshold (--min-rows 5000); a periodic job',
    usage:
      'usage: engram vector-indexes [--min-rows 5000] [--limit 1000] [--global on|off]\n' +
      '  builds, CONCURRENTLY, the missing per-subject HNSW index of every subject with more than --min-rows vectors\n' +
      '  of a model (recall searches smaller subjects exactly); run it from cron like sweep.\n' +
      "  --global off then drops the models' global HNSW indexes (an install from before they were optional: writes\n" +
      '  get ~3x cheaper); --global on creates them again (none is built by default)',
  },
  erase: {
    summary: 'erase --tenant NAME [--subject S] --yes: erase a subject or a whole tenant',
    usage: 'usage: engram erase --tenant NAME [--subject SUBJECT] --yes',
  },
  backfill: {
    summary: 'embed memories stored without a vector (--batch-size --max-seconds --retry-failed)',
    usage:
      'usage: engram backfill [--batch-size 100] [--max-batches N] [--max-seconds N] [--max-attempts 5] [--retry-failed] [--embed-timeout-ms 30000]',
  },
  import: {
    summary: 'import --tenant NAME --file FILE.jsonl|-: load memories (one POST /v1/memories body a line)',
    usage:
      'usage: engram import --tenant NAME --file FILE.jsonl|- [--batch-size 500] [--embed-timeout-ms 60000]',
  },
  ingest: {
    summary:
      'ingest --tenant NAME --file CHAT.json|- [--extract auto|off]: store a conversation, extract memories',
    usage:
      'usage: engram ingest --tenant NAME --file CHAT.json|- [--extract auto|off]\n' +
      '  CHAT.json: one POST /v1/ingest body {"subject", "session", "messages": [{"speaker", "text"}], ...};\n' +
      '  prints the ingest answer (the stored turns and what became of each extracted memory)',
  },
  extract: {
    summary: 'extract --pending: extract memories from stored turns whose extraction timed out or failed',
    usage:
      'usage: engram extract --pending [--batch-size 200] [--max-batches N] [--max-seconds N] [--max-attempts 5]',
  },
  reembed: {
    summary: 'reembed --model ID [--no-cutover|--cutover]: move reads to another embedding model',
    usage:
      'usage: engram reembed --model ID [--no-cutover | --cutover] [--batch-size 100] [--max-batches N] [--max-seconds N] [--embed-timeout-ms 30000]',
  },
  calibrate: {
    summary:
      'calibrate --pairs FILE | --merge-pairs FILE | --intent: choose and store the thresholds and floors of the model',
    usage:
      'usage: engram calibrate [--pairs FILE] [--merge-pairs FILE] [--intent] [--plot PATH] [--dry-run]\n' +
      '                        [--embed-timeout-ms 30000] [--floor]\n' +
      '  --pairs FILE: JSON lines {"query": "...", "memory": "...", "relevant": true|false}\n' +
      '  --floor: also store the relevance floor the pairs support (precision >= 0.9), when they support one\n' +
      '  --merge-pairs FILE: JSON lines {"stored": "...", "incoming": "...", "merge": true|false} (e.g.\n' +
      '    data/calibration/merge-pairs.jsonl); stores the lowest similarity at which merging is right with\n' +
      '    precision >= 0.98 (recall >= 0.2), or null when none is: consolidation then merges by slot and facet only\n' +
      '  --intent: store the query-level floor (no file: the shipped example questions): a recall whose query is not\n' +
      '    about the person (nearer general questions than questions about a life) returns no memory',
  },
  eval: {
    summary:
      'eval locomo|lived-in|chinese|all --out DIR ...: retrieval quality on LoCoMo and the memory suites',
    usage:
      'usage: engram eval locomo --data FILE --out DIR [--mode hybrid|vector|lexical|all] [--samples N]\n' +
      '                          [--compare langgraph] [--one-subject [--filler N]] [--quiet]\n' +
      '  --compare langgraph runs the same protocol through LangGraph.js PostgresStore (needs DATABASE_URL)\n' +
      '  --one-subject puts every conversation in one subject, then N newer unrelated turns (default 9000):\n' +
      '    recall quality where a subject holds 10k+ rows\n' +
      SUITE_USAGE,
  },
  bench: {
    summary:
      'recall latency at scale, ingest and recalls/s through HTTP, LoCoMo-size comparison with PostgresStore',
    usage:
      'usage: engram bench [--sizes 10000,100000] [--dims 256] [--vectors random|local] [--subjects 100]\n' +
      '                    [--tenants 10] [--queries 200] [--clients 1,4,16] [--recalls 1000] [--ingest 2000]\n' +
      '                    [--locomo FILE [--locomo-samples 2]] [--out docs/benchmarks]\n' +
      '  --recalls 0 skips the throughput part; --locomo needs DATABASE_URL (PostgresStore runs on PostgreSQL)',
  },
} as const;

export type CommandName = keyof typeof COMMAND_HELP;

export { SUITE_USAGE };
