/**
 * Keys (kept answers, kept search orders) by the search words that can reach them: each key under
 * the first word of each of its word lists (`w:`), and under the list's words run together (`r:`)
 * when those are three letters or more. An item reaches a word list only when each of its words
 * starts one of the item's words, or its words run together occur in the item's title run together;
 * so an item that comes, goes or changes is weighed against the keys it may reach instead of every
 * key kept.
 */
export class WordIndex {
  private readonly keys = new Map<string, Set<string>>();
  /** The longest words run together filed (`r:`): no longer run of a title need be looked up. */
  private longestRun = 0;

  add(key: string, indexKeys: readonly string[]): void {
    for (const at of indexKeys) {
      let held = this.keys.get(at);
      if (!held) this.keys.set(at, (held = new Set()));
      held.add(key);
      if (at.startsWith('r:')) this.longestRun = Math.max(this.longestRun, at.length - 2);
    }
  }

  remove(key: string, indexKeys: readonly string[]): void {
    for (const at of indexKeys) {
      const held = this.keys.get(at);
      if (held?.delete(key) && held.size === 0) this.keys.delete(at);
    }
  }

  clear(): void {
    this.keys.clear();
    this.longestRun = 0;
  }

  /**
   * The keys an item with these words and titles run together may reach, added to `into`: those
   * under a start of one of its words (a word list's first word must start one), or under a run of
   * three letters or more of a title run together (a list's words run together must occur in it).
   */
  mayReach(words: readonly string[], titlesRunTogether: readonly string[], into: Set<string>): void {
    const take = (at: string) => this.keys.get(at)?.forEach((key) => into.add(key));
    // Every word starts with nothing: a list whose first word is empty reaches any item with words.
    if (words.length > 0) take('w:');
    for (const own of words) for (let end = 1; end <= own.length; end++) take(`w:${own.slice(0, end)}`);
    const longest = this.longestRun;
    for (const title of titlesRunTogether) {
      for (let start = 0; start + 3 <= title.length; start++) {
        const last = Math.min(title.length, start + longest);
        for (let end = start + 3; end <= last; end++) take(`r:${title.slice(start, end)}`);
      }
    }
  }
}

/** Where a WordIndex files a key whose reach has these word lists. */
export function wordIndexKeys(byWords: readonly (readonly string[])[]): string[] {
  const at = new Set<string>();
  for (const words of byWords) {
    if (words.length === 0) continue;
    at.add(`w:${words[0]}`);
    const runTogether = words.join('');
    if (runTogether.length >= 3) at.add(`r:${runTogether}`);
  }
  return [...at];
}
