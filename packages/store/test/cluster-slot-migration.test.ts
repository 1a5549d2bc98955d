import { test, type Test } from 'tap'
import { recordingLogger, startRedisCluster, uniquePrefix, type OwnedRedisCluster } from '@meeting-ai/testkit/redis'
import { createRedisStore, meetingKeys, type ReplayEntry, type SuggestionBus } from '../src/index.ts'
import { createClient } from 'redis'
import { DEFAULT_LIMITS, segment, suggestionSet } from './contract/fixtures.ts'

/*
 * Issue 20: a meeting's slot MOVES to another master while both stay up (resharding,
 * `redis-cli --cluster reshard`, a managed service scaling out). The old owner pushes an
 * unsolicited SUNSUBSCRIBE for the slot's sharded channels; the subscriber must SSUBSCRIBE
 * again on the new owner, and writes to the half-moved slot (ASK, TRYAGAIN) must either
 * succeed or fail so that the caller sends them again, never vanish.
 */
/** A store on `cluster` whose logged lines and counted errors the test reads. */
async function openStore (t: Test, cluster: OwnedRedisCluster, prefix: string) {
  const recorded = recordingLogger()
  const onLine = new Set<() => void>()
  const logger = {
    ...recorded,
    warn: (obj: object, msg: string) => {
      recorded.warn(obj, msg)
      for (const check of onLine) check()
    }
  }
  /** Resolves once a warning containing `text` has been logged. */
  const warned = async (text: string): Promise<void> => {
    await new Promise<void>((resolve) => {
      const check = (): void => {
        if (!recorded.lines.some((line) => line.level === 'warn' && line.msg.includes(text))) return
        onLine.delete(check)
        resolve()
      }
      onLine.add(check)
      check()
    })
  }
  const errors: string[] = []
  const store = await createRedisStore({
    url: 'redis://127.0.0.1',
    clusterNodes: cluster.nodes.map((node) => `127.0.0.1:${node.port}`),
    clusterRediscoverMs: 200,
    prefix,
    limits: { ...DEFAULT_LIMITS, windowSegments: 1000 },
    logger,
    onError: (role, error) => { errors.push(`${role}: ${error.message}`) }
  })
  t.teardown(() => store.close())
  return { store, logger: recorded, warned, errors }
}

/** Subscribes to `meetingId` on `bus`; `arrival(id)` resolves once that set was delivered. */
async function watch (bus: SuggestionBus, meetingId: string) {
  const entries: ReplayEntry[] = []
  const onDelivery = new Set<() => void>()
  await bus.subscribe(meetingId, (entry) => {
    entries.push(entry)
    for (const check of onDelivery) check()
  })
  const arrival = async (id: string, timeoutMs: number): Promise<void> => {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        onDelivery.delete(check)
        reject(new Error(`set ${id} did not reach the subscriber within ${timeoutMs} ms; it got ${entries.map((entry) => entry.id).join(', ')}`))
      }, timeoutMs)
      const check = (): void => {
        if (!entries.some((entry) => entry.id === id)) return
        clearTimeout(timer)
        onDelivery.delete(check)
        resolve()
      }
      onDelivery.add(check)
      check()
    })
  }
  return { entries, arrival }
}

/** Resolves with the meetings the bus names to its reconnect listeners next; fails after `timeoutMs`. */
async function nextReplay (bus: SuggestionBus, replays: Array<(meetingIds?: readonly string[]) => void>, timeoutMs: number, what: string): Promise<readonly string[] | undefined> {
  return await new Promise((resolve, reject) => {
    const timer = setTimeout(() => { reject(new Error(`the bus did not resubscribe within ${timeoutMs} ms of ${what}`)) }, timeoutMs)
    replays.push((meetingIds) => { clearTimeout(timer); resolve(meetingIds) })
  })
}

test('a meeting whose slot migrates to another master', async (t) => {
  const cluster = await startRedisCluster()
  t.teardown(() => cluster.stop())

  await t.test('the subscriber follows it, writes during the move are not lost', async (t) => {
    const prefix = uniquePrefix('migrate')
    const { store, logger, errors } = await openStore(t, cluster, prefix)
    const meetingId = 'm-move'
    const keys = meetingKeys(prefix, meetingId)
    const delivered = await watch(store.bus, meetingId)
    const arrival = delivered.arrival
    // A meeting on another slot: its subscription is not disturbed, so it is not replayed.
    const other = 'm-elsewhere'
    t.not(await cluster.slotOf(meetingKeys(prefix, other).replay), await cluster.slotOf(keys.replay), 'the other meeting has another slot')
    await store.bus.subscribe(other, () => {})
    const replayed: Array<readonly string[] | undefined> = []
    const replays: Array<(meetingIds?: readonly string[]) => void> = []
    store.bus.onReconnect((meetingIds) => {
      replayed.push(meetingIds)
      for (const wake of replays.splice(0)) wake(meetingIds)
    })
    const first = await store.suggestions.publish(suggestionSet(meetingId, 'before'), null)
    await arrival(first!, 5000)
    t.equal(delivered.entries[0]?.id, first, 'a set published before the move reaches the subscriber')

    // Segments and sets written before, during (the slot MIGRATING: all keys still on the old
    // owner, then half of them moved, then all on the new owner) and after the move. Those
    // during the move are not awaited there: the move goes on while they are answered.
    const accepted: string[] = []
    const refused: Array<{ dedupeKey: string, error: string }> = []
    const publishedDuring: string[] = []
    const publishRefused: string[] = []
    let n = 0
    const write = async (): Promise<void> => {
      const seg = segment(meetingId, n, `seg-${n}`)
      n += 1
      try {
        await store.windows.append(seg)
        accepted.push(seg.dedupeKey!)
      } catch (error) {
        refused.push({ dedupeKey: seg.dedupeKey!, error: (error as Error).message })
      }
    }
    const publish = async (label: string): Promise<void> => {
      try {
        const id = await store.suggestions.publish(suggestionSet(meetingId, label), null)
        if (id !== null) publishedDuring.push(id)
      } catch (error) {
        publishRefused.push((error as Error).message)
      }
    }
    for (let i = 0; i < 3; i++) await write()
    const during: Array<Promise<void>> = []
    const resubscribed = nextReplay(store.bus, replays, 10_000, 'the slot moving')
    const moved = await cluster.migrateSlot(keys.replay, {
      batch: 2,
      whileMigrating: async (movedKeys) => {
        during.push(write(), publish(`during-${movedKeys}`))
      }
    })
    await Promise.all(during)
    t.not(moved.to.port, moved.from.port, `slot ${moved.slot} (${moved.keys} keys, two per MIGRATE) moved from ${moved.from.port} to ${moved.to.port} in ${moved.ms} ms`)
    // ASK (keys gone to the new owner) is followed by node-redis; TRYAGAIN (keys split between
    // the two) is sent again by the store until the slot has settled.
    t.same(refused, [], `every segment written during the move (${during.length / 2}) was accepted`)
    t.same(publishRefused, [], 'every set published during the move was accepted')
    for (const again of refused) {
      const seg = segment(meetingId, Number(again.dedupeKey.slice(4)), again.dedupeKey)
      await store.windows.append(seg)
      accepted.push(again.dedupeKey)
    }
    for (let i = 0; i < 3; i++) await write()

    // The bus tells its listeners once it has SSUBSCRIBEd on the new owner (they replay what was
    // published meanwhile); a subscriber left on the old owner never hears of it.
    t.same(await resubscribed, [meetingId], 'the bus resubscribed and told its listeners to replay the moved meeting')
    t.same(replayed, [[meetingId]], 'only that meeting, once')
    const after = await store.suggestions.publish(suggestionSet(meetingId, 'after'), null)
    t.type(after, 'string', 'the new owner takes the publish script')
    await arrival(after!, 5000)
    t.ok(delivered.entries.some((entry) => entry.id === after), 'a set published after the move reaches the subscriber that was there before it')
    t.equal(delivered.entries.filter((entry) => entry.id === after).length, 1, 'once')

    const stream = (await store.suggestions.readAfter(meetingId, '0')).map((entry) => entry.id)
    t.same(publishedDuring.filter((id) => !stream.includes(id)), [], `every set published during the move (${publishedDuring.length}) is in the replay stream`)
    const window = new Set((await store.windows.read(meetingId)).map((seg) => seg.dedupeKey))
    t.same(accepted.filter((key) => !window.has(key)), [], `every accepted segment (${accepted.length}) is in the window`)
    t.equal(accepted.length, n, 'every segment was accepted in the end')
    t.comment(`figures: ${moved.keys} keys moved in ${moved.ms} ms; during the move ${during.length / 2} segments and ${publishedDuring.length} sets accepted, ${refused.length + publishRefused.length} refused (${[...new Set([...refused.map((r) => r.error), ...publishRefused].map((e) => e.split(' ')[0]))].join(', ') || 'none'})`)
    t.ok(logger.lines.some((line) => line.level === 'warn' && line.msg.includes('slot moved')), 'the move was logged')
    t.ok(errors.some((error) => error.startsWith('subscriber: sharded channel')), 'and counted')
  })

  // Fault injection on a real node: the new owner refuses SSUBSCRIBE (ACL) for a while.
  await t.test('a resubscription the new owner refuses is logged, counted and retried until it takes', async (t) => {
    const prefix = uniquePrefix('migrate-refused')
    const { store, warned, errors } = await openStore(t, cluster, prefix)
    const meetingId = 'm-refused'
    const keys = meetingKeys(prefix, meetingId)
    const delivered = await watch(store.bus, meetingId)
    const replays: Array<(meetingIds?: readonly string[]) => void> = []
    store.bus.onReconnect((meetingIds) => { for (const wake of replays.splice(0)) wake(meetingIds) })
    const from = await cluster.masterFor(keys.replay)
    const target = (await cluster.masters()).find((node) => node.port !== from.port)!
    const admin = createClient({ url: target.url })
    admin.on('error', () => {})
    await admin.connect()
    t.teardown(async () => {
      await admin.sendCommand(['ACL', 'SETUSER', 'default', '+ssubscribe']).catch(() => {})
      admin.destroy()
    })

    const refusedOnce = warned('subscribing a moved channel again failed')
    await admin.sendCommand(['ACL', 'SETUSER', 'default', '-ssubscribe'])
    const resubscribed = nextReplay(store.bus, replays, 15_000, 'SSUBSCRIBE being allowed again')
    await cluster.migrateSlot(keys.replay, { to: target })
    await refusedOnce
    t.ok(errors.some((error) => error.includes('NOPERM')), 'the refusal was counted')
    await admin.sendCommand(['ACL', 'SETUSER', 'default', '+ssubscribe'])
    t.same(await resubscribed, [meetingId], 'a later attempt took, and the meeting is replayed')
    const after = await store.suggestions.publish(suggestionSet(meetingId, 'after'), null)
    await delivered.arrival(after!, 5000)
    t.ok(delivered.entries.some((entry) => entry.id === after), 'a set published after it reaches the subscriber')
  })

  // The slot held half-moved (one of the meeting's three keys on the new owner) past the
  // script runner's budget: every retry is counted, the first logged, and the caller is told.
  await t.test('a script held in a half-moved slot: each retry counted, logged once, refused after its budget, then taken', async (t) => {
    const prefix = uniquePrefix('migrate-split')
    const { store, logger, errors } = await openStore(t, cluster, prefix)
    const meetingId = 'm-split'
    await store.windows.append(segment(meetingId, 0, 'seg-0'))
    let outcome = 'not tried'
    const moved = await cluster.migrateSlot(meetingKeys(prefix, meetingId).window, {
      batch: 1,
      whileMigrating: async (movedKeys) => {
        if (movedKeys !== 1) return
        try {
          await store.windows.append(segment(meetingId, 1, 'seg-1'))
          outcome = 'accepted'
        } catch (error) {
          outcome = (error as Error).message
        }
      }
    })
    t.equal(moved.keys, 3, 'the meeting\'s window, pending and dedupe keys moved one by one')
    t.match(outcome, /^TRYAGAIN/, 'with its keys split between two nodes the append was refused once its budget was spent')
    const retries = errors.filter((error) => error.startsWith('commands: TRYAGAIN'))
    t.ok(retries.length >= 2, `each retry counted (${retries.length})`)
    t.equal(logger.lines.filter((line) => line.level === 'warn' && line.msg.includes('TRYAGAIN')).length, 1, 'and the call logged once')
    await store.windows.append(segment(meetingId, 1, 'seg-1'))
    t.same((await store.windows.read(meetingId)).map((seg) => seg.dedupeKey), ['seg-0', 'seg-1'], 'sent again after the move, it is taken on the new owner')
  })
})
