// The dev server's rebuilds: one at a time, each started a moment after the last change (editors save in bursts);
// a change during a build waits for it, then builds once more with everything that changed meanwhile.

/** Runs `build` with the changed files, one build at a time. */
export class RebuildQueue {
  private pending = new Set<string>();
  // the changes of the burst the timer waits on: shown first by `preview`, if given
  private burst = new Set<string>();
  private building: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  /**
   * `preview`, when given, gets each burst of changes as soon as it is over, even while a build is under way
   * (the dev server shows a saved page with it); the build of those changes waits for it.
   */
  constructor(private readonly build: (changed: string[]) => Promise<void>, private readonly debounceMs: number, private readonly preview?: (changed: string[]) => Promise<unknown>) {}

  /** Notes a changed file; the build starts `debounceMs` after the last one. */
  schedule(file: string): void {
    this.burst.add(file);
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      const burst = [...this.burst].sort();
      this.burst = new Set();
      const shown = this.preview && !this.closed ? this.preview(burst).catch(() => undefined) : Promise.resolve();
      void shown.then(() => this.run(burst));
    }, this.debounceMs);
  }

  /** Builds now (after a build under way) with `changed` and what is pending; resolves when no change waits. */
  run(changed: string[]): Promise<void> {
    for (const c of changed) this.pending.add(c);
    return this.building ? this.building.then(() => this.drain()) : this.drain();
  }

  /** Stops scheduling and waits for a build under way. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.building?.catch(() => {});
  }

  private drain(): Promise<void> {
    if (this.building) return this.building;
    this.building = (async () => {
      while (this.pending.size > 0 && !this.closed) {
        const changed = [...this.pending].sort();
        this.pending = new Set();
        await this.build(changed);
      }
    })().finally(() => {
      this.building = null;
    });
    return this.building;
  }
}
