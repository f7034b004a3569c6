// What a function instance read lately, for the checks a registration rush makes on every call against
// things that change a few times a year (a class's status, a semester's window). The transaction that
// follows checks the item as it is; this only spares reads. Calls of one instance that miss at once share
// one read (the local gateway runs many calls in one process; a Lambda instance runs one at a time).

export interface RecentReadsOptions<V> {
  /** How long a value read counts as recent. */
  ttlMs: number;
  /** Reads the values of `ids` now; an id missing from the answer has no value. */
  read: (ids: string[]) => Promise<Map<string, V>>;
  /** Whether a value may be remembered at all (a closed class may reopen any moment: it is read every time). */
  keep?: (value: V) => boolean;
}

export class RecentReads<V> {
  private readonly seen = new Map<string, { value: Promise<V | undefined>; readAt: number }>();

  constructor(private readonly options: RecentReadsOptions<V>) {}

  async get(ids: string[], now = Date.now()): Promise<Map<string, V>> {
    const missing = ids.filter(
      (id) => (this.seen.get(id)?.readAt ?? Number.NEGATIVE_INFINITY) <= now - this.options.ttlMs,
    );
    if (missing.length) {
      const read = this.options.read(missing);
      for (const id of missing) this.seen.set(id, { value: read.then((values) => values.get(id)), readAt: now });
    }
    const entries = ids.map((id) => [id, this.seen.get(id)!] as const);
    try {
      const values = await Promise.all(entries.map(async ([id, entry]) => [id, await entry.value] as const));
      for (const [id, value] of values)
        if (value === undefined || (this.options.keep && !this.options.keep(value))) this.forget(id, entries);
      return new Map(values.flatMap(([id, value]) => (value === undefined ? [] : [[id, value] as const])));
    } catch (error) {
      // A failed read is not remembered: the next call reads again.
      for (const [id] of entries) this.forget(id, entries);
      throw error;
    }
  }

  /** Forgets `id` unless a newer read replaced the entry this call used. */
  private forget(id: string, used: ReadonlyArray<readonly [string, unknown]>) {
    if (used.some(([usedId, entry]) => usedId === id && this.seen.get(id) === entry)) this.seen.delete(id);
  }
}
