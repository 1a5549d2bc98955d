/** The slice of pino the worker logs through; pino loggers and test recorders both fit. */
export interface WorkerLogger {
  debug?: (obj: object, msg: string) => void
  info (obj: object, msg: string): void
  warn (obj: object, msg: string): void
  error (obj: object, msg: string): void
}
