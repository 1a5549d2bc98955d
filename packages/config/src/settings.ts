import Type, { type TSchema } from 'typebox'

/**
 * Every setting the service reads, in one table: the environment variable, its schema,
 * default and meaning. The loader, the README table and the docker-compose check all read it.
 */
export interface Setting {
  env: string
  schema: TSchema
  /** Raw default as it would appear in the environment; undefined = unset. */
  default?: string
  description: string
  /** Secrets are never echoed in error messages or logs. */
  secret?: boolean
  /** An earlier name of this variable, still read when this one is unset (a start-up line says so). */
  formerly?: string
  /** Shown in the README's grouping. */
  group: 'server' | 'redis' | 'stream' | 'ingest' | 'event-hubs' | 'llm' | 'consolidation' | 'auth' | 'limits'
}

const int = (minimum: number, maximum: number) => Type.Integer({ minimum, maximum })
const bool = () => Type.Boolean()
const str = (options: { minLength?: number, maxLength?: number, pattern?: string } = {}) => Type.String(options)
// Unsafe keeps the literal union in the static type (Type.Enum alone widens it to string).
const oneOf = <const V extends string[]>(...values: V) => Type.Unsafe<V[number]>(Type.Enum(values))
const list = () => Type.Array(Type.String({ minLength: 1 }))

export const settings = [
  // server
  { env: 'PORT', group: 'server', schema: int(1, 65535), default: '8087', description: 'HTTP port of the API' },
  { env: 'HOST', group: 'server', schema: str({ minLength: 1 }), default: '0.0.0.0', description: 'Address the API listens on' },
  { env: 'LOG_LEVEL', group: 'server', schema: oneOf('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'), default: 'info', description: 'pino log level; transcript text is logged only at debug and below' },
  { env: 'FRONTEND_ORIGIN', group: 'server', schema: list(), default: 'http://localhost:8888', description: 'Comma-separated origins allowed by CORS; the matching one is echoed' },
  { env: 'SHUTDOWN_GRACE_MS', group: 'server', schema: int(100, 120_000), default: '10000', description: 'Longest wait for in-flight work on SIGTERM before exit' },
  { env: 'METRICS_PORT', group: 'server', schema: int(0, 65535), default: '9464', description: 'Port of the worker\'s /metrics, /health (readiness: the store and the analysis queue) and /health/live when it runs alone (0 = off); the API serves /metrics on PORT' },
  // redis
  { env: 'REDIS_URL', group: 'redis', schema: str({ pattern: '^rediss?://' }), default: 'redis://127.0.0.1:6379', description: 'Redis address. When set explicitly it must answer at start-up; unset, all-in-one falls back to the embedded store' },
  { env: 'REDIS_CLUSTER_NODES', group: 'redis', schema: Type.Array(Type.String({ pattern: '^[^\\s:/,]+:[0-9]{1,5}$' })), description: 'Comma-separated host:port of some Redis Cluster nodes: set, the store runs in cluster mode (sharded pub/sub, one slot per script call); REDIS_URL then only lends its scheme (rediss = TLS) and credentials to every node' },
  { env: 'REDIS_CLUSTER_REDISCOVER_MS', group: 'redis', schema: int(0, 60_000), default: '1000', description: 'Cluster mode: how often the slot map is fetched again while a node is unreachable, so commands and sharded subscriptions follow a failover (node-redis alone waits for a MOVED a dead master never sends); 0 = off' },
  { env: 'REDIS_WAIT_REPLICAS', group: 'redis', schema: int(0, 16), default: '0', description: 'Replicas that must hold an ingest batch\'s writes (Redis WAIT on each master the batch wrote to) before its source is acknowledged (Event Hubs checkpoint, XACK, HTTP 202), so that a master\'s failover cannot lose an acknowledged event; fewer within REDIS_WAIT_TIMEOUT_MS and the batch is not acknowledged (retried; HTTP 503). 0 = off' },
  { env: 'REDIS_WAIT_TIMEOUT_MS', group: 'redis', schema: int(1, 60_000), default: '1000', description: 'How long one WAIT of REDIS_WAIT_REPLICAS blocks the store\'s command connection before the batch counts as not replicated' },
  { env: 'REDIS_KEY_PREFIX', group: 'redis', schema: str({ maxLength: 64 }), default: '', description: 'Prefix of every Redis key and channel (several deployments on one Redis, tests)' },
  { env: 'STORE', group: 'redis', schema: oneOf('auto', 'redis', 'embedded'), default: 'auto', formerly: 'STORE_ENGINE', description: 'auto: Redis, or embedded when REDIS_URL is unset and nothing answers (all-in-one only). Formerly STORE_ENGINE, still read when STORE is unset' },
  // stream
  { env: 'SSE_PING_MS', group: 'stream', schema: int(50, 600_000), default: '5000', description: 'Interval of `ping` events on every stream' },
  { env: 'SSE_RETRY_MS', group: 'stream', schema: int(100, 600_000), default: '3000', description: 'The `retry:` hint sent to EventSource clients' },
  { env: 'SSE_DIRECT_CHUNK_WRITES', group: 'stream', schema: bool(), default: 'true', description: 'Write each stream frame to the socket as a prebuilt HTTP/1.1 chunk, bypassing response.write (less CPU per delivery at thousands of streams). Used only if a start-up check finds node:http\'s internal fields as expected (a warning says when not); false: always response.write' },
  { env: 'REPLAY_STREAM_MAXLEN', group: 'stream', schema: int(10, 1_000_000), default: '1000', description: 'Suggestion sets kept per meeting for Last-Event-ID replay' },
  { env: 'MAX_VIEWERS_PER_MEETING', group: 'limits', schema: int(1, 1_000_000), default: '1000', description: 'Open streams per meeting per API process' },
  { env: 'MAX_VIEWERS_PER_PROCESS', group: 'limits', schema: int(1, 1_000_000), default: '20000', description: 'Open streams per API process' },
  { env: 'SSE_MAX_BUFFERED_BYTES', group: 'limits', schema: int(1024, 1 << 30), default: '1048576', description: 'A stream whose unsent output exceeds this is closed (the client resumes with Last-Event-ID)' },
  // ingest
  { env: 'ANALYSIS_THRESHOLD', group: 'ingest', schema: int(1, 1000), default: '3', description: 'New segments since the last analysis that trigger the next one' },
  { env: 'ANALYSIS_LOCK_TTL_MS', group: 'ingest', schema: int(1000, 600_000), default: '30000', description: 'Lease of one meeting\'s analysis (renewed while the LLM call runs): how long the meetings of a worker that died mid-analysis wait before another worker analyses them' },
  { env: 'WINDOW_SEGMENTS', group: 'ingest', schema: int(1, 10_000), default: '30', description: 'Segments kept in a meeting\'s sliding window' },
  { env: 'MEETING_TTL_S', group: 'ingest', schema: int(60, 30 * 86_400), default: '86400', description: 'Meeting keys expire after this long without a new segment' },
  { env: 'STT_TIMESTAMP_ZONE', group: 'ingest', schema: str({ minLength: 1 }), default: 'UTC', description: 'IANA zone in which zone-less timestamps (LocalDateTime arrays, ISO without offset) are read' },
  { env: 'STT_SOURCE', group: 'ingest', schema: oneOf('auto', 'event-hubs', 'redis-stream', 'none'), default: 'auto', description: 'auto: Event Hubs when EVENTHUBS_LISTEN_CONNECTION_STRING is set, else the Redis stream' },
  { env: 'STT_STREAM_KEY', group: 'ingest', schema: str({ minLength: 1 }), default: 'stt:events', description: 'Redis stream read by the redis-stream source' },
  { env: 'STT_STREAM_SHARDS', group: 'ingest', schema: int(1, 256), default: '1', description: 'Shards of the Redis stream source (meeting hash picks the shard, keeping one meeting in order)' },
  { env: 'WORKER_ID', group: 'ingest', schema: str({ minLength: 1, maxLength: 128 }), description: 'Consumer name of this worker; defaults to host name and pid' },
  // event hubs
  { env: 'EVENTHUBS_LISTEN_CONNECTION_STRING', group: 'event-hubs', schema: str({ minLength: 1 }), secret: true, description: 'Connection string of the listen policy (the worker)' },
  { env: 'EVENTHUBS_SEND_CONNECTION_STRING', group: 'event-hubs', schema: str({ minLength: 1 }), secret: true, description: 'Connection string of the send policy (the replay CLI)' },
  { env: 'EVENTHUBS_NAME', group: 'event-hubs', schema: str({ minLength: 1 }), description: 'Event hub name, when the connection string has no EntityPath' },
  { env: 'EVENTHUBS_CONSUMER_GROUP', group: 'event-hubs', schema: str({ minLength: 1 }), default: '$Default', description: 'Consumer group shared by the workers' },
  { env: 'EVENTHUBS_MAX_BATCH_SIZE', group: 'event-hubs', schema: int(1, 5000), default: '100', description: 'Events per processEvents call' },
  { env: 'EVENTHUBS_LB_STRATEGY', group: 'event-hubs', schema: oneOf('greedy', 'balanced'), default: 'greedy', description: 'greedy: a worker claims its whole share of free or expired partitions in one update (seconds after a start, a crash or a deploy); balanced: one partition per update (the SDK\'s loadBalancingOptions.strategy)' },
  { env: 'EVENTHUBS_LB_UPDATE_INTERVAL_MS', group: 'event-hubs', schema: int(100, 600_000), default: '2000', description: 'How often a worker renews its partition ownership and rebalances (the SDK\'s loadBalancingOptions.updateIntervalInMs); costs M + N Redis calls per interval for M workers and N partitions' },
  { env: 'EVENTHUBS_OWNERSHIP_EXPIRY_MS', group: 'event-hubs', schema: int(500, 3_600_000), default: '10000', description: 'Ownership not renewed for this long is free to claim: how soon the partitions of a crashed worker are taken over (loadBalancingOptions.partitionOwnershipExpirationIntervalInMs); keep it at 4-5 update intervals' },
  { env: 'EVENTHUBS_CLOSE_TIMEOUT_MS', group: 'event-hubs', schema: int(100, 60_000), default: '2000', description: 'On shutdown, longest wait for the hub\'s answers in each of the Event Hubs source\'s two closing steps (the subscription: partition links, then giving up the ownerships; then the client\'s connection). A step past it is abandoned, logged and counted (meeting_ai_worker_source_close_timeouts_total) instead of waiting the AMQP layer\'s 60 s. No event is lost (checkpoints are written first); an abandoned subscription leaves its partitions to be claimed when their ownership expires. Twice this must stay below SHUTDOWN_GRACE_MS (checked at start-up when a hub is read)' },
  // llm
  { env: 'LLM_ENGINE', group: 'llm', schema: oneOf('auto', 'openai', 'offline'), default: 'auto', description: 'auto: openai when LLM_API_KEY or LLM_BASE_URL is set, else the offline extractive engine' },
  { env: 'LLM_BASE_URL', group: 'llm', schema: str({ pattern: '^https?://' }), description: 'OpenAI-compatible base URL (Azure OpenAI v1, vLLM, Ollama, llama.cpp)' },
  { env: 'LLM_API_KEY', group: 'llm', schema: str({ minLength: 1 }), secret: true, description: 'API key of the LLM provider' },
  { env: 'LLM_MODEL', group: 'llm', schema: str({ minLength: 1 }), default: 'gpt-4o-mini', description: 'Model name sent to the provider' },
  { env: 'LLM_TIMEOUT_MS', group: 'llm', schema: int(100, 600_000), default: '20000', description: 'Timeout of one LLM call' },
  { env: 'LLM_MAX_RETRIES', group: 'llm', schema: int(0, 10), default: '2', description: 'Retries on 429, 5xx and network errors' },
  { env: 'LLM_CONCURRENCY', group: 'llm', schema: int(1, 1000), default: '8', description: 'LLM calls in flight per process' },
  { env: 'LLM_STRUCTURED_OUTPUT', group: 'llm', schema: oneOf('auto', 'json_schema', 'json_object'), default: 'auto', description: 'json_schema where the server supports it; auto falls back to JSON mode on rejection' },
  { env: 'LLM_REDACT_PII', group: 'llm', schema: bool(), default: 'true', description: 'Redact e-mail, phone, RRN and card numbers before text leaves for an external provider' },
  { env: 'LLM_PROVIDER', group: 'llm', schema: oneOf('openai', 'azure'), default: 'openai', description: 'openai: OpenAI or a compatible server at LLM_BASE_URL (incl. Azure\'s v1 surface); azure: Azure OpenAI deployments through the SDK\'s AzureOpenAI client (LLM_AZURE_*)' },
  { env: 'LLM_AZURE_ENDPOINT', group: 'llm', schema: str({ pattern: '^https?://' }), description: 'Azure OpenAI resource endpoint, https://<resource>.openai.azure.com (LLM_PROVIDER=azure)' },
  { env: 'LLM_AZURE_DEPLOYMENT', group: 'llm', schema: str({ minLength: 1 }), description: 'Azure OpenAI deployment name; defaults to LLM_MODEL' },
  { env: 'LLM_AZURE_API_VERSION', group: 'llm', schema: str({ minLength: 1 }), default: '2024-10-21', description: 'api-version query parameter of Azure OpenAI requests' },
  { env: 'LLM_AZURE_AUTH', group: 'llm', schema: oneOf('auto', 'key', 'entra'), default: 'auto', description: 'key: LLM_API_KEY as the api-key header; entra: Entra ID token from DefaultAzureCredential (workload or managed identity, az login); auto: key when LLM_API_KEY is set' },
  { env: 'LLM_REASONING', group: 'llm', schema: oneOf('auto', 'true', 'false'), default: 'auto', description: 'Reasoning model (o-series, GPT-5): no temperature, max_completion_tokens. auto: by the model name (set it for an Azure deployment named otherwise)' },
  { env: 'LLM_REASONING_EFFORT', group: 'llm', schema: oneOf('none', 'minimal', 'low', 'medium', 'high'), description: 'reasoning_effort sent to reasoning models; unset: the provider\'s default' },
  { env: 'LLM_MAX_OUTPUT_TOKENS', group: 'llm', schema: int(16, 1_000_000), description: 'Cap of answer tokens per call (max_tokens, or max_completion_tokens for reasoning models, whose reasoning counts too); unset: not sent' },
  { env: 'LLM_STRUCTURED_OUTPUT_RETRY_MS', group: 'llm', schema: int(1000, 86_400_000), default: '600000', description: 'In auto mode, how long JSON mode lasts after the server refused json_schema before json_schema is tried again' },
  { env: 'LLM_CONTEXT_CHARS', group: 'llm', schema: int(1000, 2_000_000), default: '24000', description: 'Characters of minutes per LLM call; longer meetings are chunked and reduced' },
  // consolidation
  { env: 'CONSOLIDATE_BUDGET_MS', group: 'consolidation', schema: int(1000, 120_000), default: '25000', description: 'Time from arrival within which a consolidation answers (the caller times out at 30 s)' },
  { env: 'RESULT_TTL_S', group: 'consolidation', schema: int(60, 365 * 86_400), default: '604800', description: 'How long consolidation requests and results are kept for cache hits and regeneration' },
  { env: 'BODY_LIMIT_BYTES', group: 'limits', schema: int(1024, 256 * 1024 * 1024), default: '16777216', description: 'Largest accepted request body' },
  { env: 'MAX_MINUTES_CHARS', group: 'limits', schema: int(1000, 100_000_000), default: '2000000', description: 'Largest total of minutes characters in one consolidation' },
  { env: 'ANALYSIS_THREADS', group: 'limits', schema: int(0, 256), default: '0', description: 'Worker threads that run CPU-heavy analysis (offline engine, chunking, merging, finalising) off the event loop; 0 = max(1, os.availableParallelism() - 1), leaving a core to the event loop' },
  { env: 'ANALYSIS_THREAD_NICE', group: 'limits', schema: int(0, 19), default: '10', description: 'Niceness each analysis thread sets for itself at start (Linux: per thread, so the event loop keeps its priority); 0 = unchanged. A thread that cannot set it is logged once and counted (meeting_ai_analysis_thread_priority_failures_total)' },
  { env: 'ANALYSIS_QUEUE_MAX', group: 'limits', schema: int(1, 100_000), default: '64', description: 'Analysis tasks that may wait for a thread; past it consolidation answers 503 with Retry-After and readiness (GET /health) fails' },
  { env: 'RATE_LIMIT_PER_MINUTE', group: 'limits', schema: int(0, 1_000_000), default: '600', description: 'Requests per minute per caller on the POST routes (0 = off)' },
  // auth
  { env: 'AUTH_API_KEYS', group: 'auth', schema: list(), secret: true, description: 'Comma-separated API keys; when set, auth is on: service routes need `Authorization: Bearer <key>` and streams a token' },
  { env: 'STREAM_TOKEN_SECRET', group: 'auth', schema: str({ minLength: 32 }), secret: true, description: 'HMAC secret for stream tokens (32+ chars); required when AUTH_API_KEYS is set' },
  { env: 'STREAM_TOKEN_TTL_S', group: 'auth', schema: int(60, 7 * 86_400), default: '43200', description: 'Lifetime of a stream token (a whole meeting)' }
] as const satisfies readonly Setting[]

export type SettingName = typeof settings[number]['env']
