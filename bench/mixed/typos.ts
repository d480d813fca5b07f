import type { Prng } from './zipf.ts';

/** Keys next to each other on a QWERTY keyboard: the letter a slipped finger types instead. */
const NEIGHBOURS: Record<string, string> = {
  q: 'wa',
  w: 'qes',
  e: 'wrd',
  r: 'etf',
  t: 'ryg',
  y: 'tuh',
  u: 'yij',
  i: 'uok',
  o: 'ipl',
  p: 'ol',
  a: 'qsz',
  s: 'adwx',
  d: 'sfec',
  f: 'dgrv',
  g: 'fhtb',
  h: 'gjyn',
  j: 'hkum',
  k: 'jli',
  l: 'kop',
  z: 'asx',
  x: 'zsc',
  c: 'xdv',
  v: 'cfb',
  b: 'vgn',
  n: 'bhm',
  m: 'nj',
};

export type TypoKind = 'drop' | 'swap' | 'replace';
const KINDS: readonly TypoKind[] = ['drop', 'swap', 'replace'];

/**
 * A shopper's typo of one word: a letter dropped ("spidr"), two neighbours swapped ("btaman") or a
 * letter replaced by a key next to it ("batnan"). The first letter is kept, as people rarely get it
 * wrong, and the typo is never shorter than 3 letters. Answers null for a word too short to misspell.
 */
export function typo(word: string, random: Prng, kind: TypoKind = random.pick(KINDS)): string | null {
  const letters = [...word];
  if (letters.length < 3) return null;
  for (let attempt = 0; attempt < 8; attempt++) {
    const out = [...letters];
    if (kind === 'drop') {
      if (letters.length < 4) return typo(word, random, 'replace');
      out.splice(random.int(1, letters.length - 1), 1);
    } else if (kind === 'swap') {
      const i = random.int(1, letters.length - 2);
      [out[i], out[i + 1]] = [out[i + 1]!, out[i]!];
    } else {
      const i = random.int(1, letters.length - 1);
      const near = NEIGHBOURS[letters[i]!.toLowerCase()] ?? 'aeiou';
      out[i] = random.pick([...near]);
    }
    const result = out.join('');
    if (result !== word) return result;
  }
  return null;
}

/** A typo of one of the words of a term ("spider man" -> "spidr man"). */
export function typoOfTerm(term: string, random: Prng): string | null {
  const words = term.split(' ');
  const candidates = words.map((w, i) => [w, i] as const).filter(([w]) => w.length >= 3);
  if (candidates.length === 0) return null;
  const [word, index] = random.pick(candidates);
  const changed = typo(word, random);
  if (changed === null) return null;
  words[index] = changed;
  return words.join(' ');
}
