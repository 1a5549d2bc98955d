import { getPriority, setPriority } from 'node:os'
import { isMainThread, parentPort, workerData } from 'node:worker_threads'

/** Type of the message a thread posts when it could not lower its priority. */
export const THREAD_PRIORITY_FAILED = 'meeting-ai:analysis-thread-priority-failed'

export interface ThreadPriorityFailure {
  type: typeof THREAD_PRIORITY_FAILED
  nice: number
  message: string
  code?: string
}

export function isThreadPriorityFailure (message: unknown): message is ThreadPriorityFailure {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === THREAD_PRIORITY_FAILED
}

/**
 * Lowers the calling thread's scheduling priority to `nice` (never raises it: a thread already
 * nicer keeps its niceness). On Linux a priority belongs to the thread, so `setPriority(0, …)`
 * here lowers only the analysis thread and the event loop keeps its share of a busy core;
 * elsewhere it would lower the whole process, so nothing is changed there.
 */
export function lowerThreadPriority (nice: number): void {
  if (process.platform !== 'linux' || nice === 0) return
  if (getPriority(0) < nice) setPriority(0, nice)
}

// Loaded by every analysis thread as it starts (AnalysisPool names it as piscina's default
// module), before the thread takes a task: a thread replacing a stopped one is lowered too. A failure is
// reported to the pool, which logs and counts it; the thread goes on at its inherited priority.
if (!isMainThread && parentPort !== null) {
  const nice = (workerData as { threadNice?: unknown } | null | undefined)?.threadNice
  if (typeof nice === 'number') {
    try {
      lowerThreadPriority(nice)
    } catch (error) {
      const failure: ThreadPriorityFailure = { type: THREAD_PRIORITY_FAILED, nice, message: error instanceof Error ? error.message : String(error) }
      const code = (error as NodeJS.ErrnoException).code
      if (typeof code === 'string') failure.code = code
      parentPort.postMessage(failure)
    }
  }
}

/** piscina wants a function from the module it preloads; no task runs it. */
export default function threadStarted (): void {}
