// Group commit (issue 16): the appends of many rooms go to the database together, one statement and one
// commit for all of them, instead of one each. An append submitted while a batch is being written waits
// for the next one, which takes everything that piled up meanwhile; so one game alone pays one round trip
// as before, and five hundred busy games share each commit. Every append is answered only once the batch
// that holds it is committed (durable): the acknowledgement comes no earlier than before.
// A batch starts at the end of the event loop's turn (setImmediate), so the appends of every message read in
// that turn go together; but an append submitted while nothing is being written or waiting goes at once, alone
// (issue 16: one game's round trip), and whatever follows in that turn waits for the turn's end as before.
// Both databases answer asynchronously (PGlite from its worker, pgliteWorker.ts), so a batch started at once
// does not hold up the next message's reading.

export interface GroupCommitOptions<I> {
  /** Items in one batch at most. */
  readonly maxBatch: number;
  /** Batches being written at once at most. */
  readonly maxInFlight: number;
  /** Items with the same key are written one after another, never in the same or concurrent batches (a
   *  game's appends keep their order). */
  readonly key: (item: I) => string;
}

/** What one item came to: its result, or the error it alone failed with. */
export type Outcome<R> = { readonly ok: R } | { readonly error: unknown };

interface Waiting<I, R> {
  readonly item: I;
  readonly resolve: (result: R) => void;
  readonly reject: (error: unknown) => void;
}

export class GroupCommit<I, R> {
  private waiting: Waiting<I, R>[] = [];
  private inFlight = 0;
  /** A pump is due at the end of this turn of the event loop. */
  private pumpDue = false;
  /** The keys of the items being written. */
  private readonly busy = new Set<string>();

  /** `write` writes a batch and answers each item's outcome in order; when it throws, every item of the
   *  batch fails with that error. */
  constructor(
    private readonly write: (batch: readonly I[]) => Promise<readonly Outcome<R>[]>,
    private readonly options: GroupCommitOptions<I>,
  ) {}

  submit(item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (this.inFlight === 0 && this.waiting.length === 1 && !this.pumpDue) this.pump();
      else this.schedulePump();
    });
  }

  private schedulePump(): void {
    if (this.pumpDue) return;
    this.pumpDue = true;
    setImmediate(() => {
      this.pumpDue = false;
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.options.maxInFlight && this.waiting.length > 0) {
      const batch: Waiting<I, R>[] = [];
      const later: Waiting<I, R>[] = [];
      const keys: string[] = [];
      for (const w of this.waiting) {
        const key = this.options.key(w.item);
        if (batch.length >= this.options.maxBatch || this.busy.has(key)) later.push(w);
        else {
          this.busy.add(key);
          keys.push(key);
          batch.push(w);
        }
      }
      if (batch.length === 0) return; // all that waits is behind a batch being written
      this.waiting = later;
      this.inFlight += 1;
      void this.run(batch).finally(() => {
        for (const key of keys) this.busy.delete(key);
        this.inFlight -= 1;
        this.schedulePump();
      });
    }
  }

  private async run(batch: readonly Waiting<I, R>[]): Promise<void> {
    try {
      const outcomes = await this.write(batch.map((w) => w.item));
      batch.forEach((w, i) => {
        const outcome = outcomes[i];
        if (outcome === undefined) w.reject(new Error('the batch answered fewer items than it was given'));
        else if ('ok' in outcome) w.resolve(outcome.ok);
        else w.reject(outcome.error);
      });
    } catch (error) {
      for (const w of batch) w.reject(error);
    }
  }
}
