/**
 * A small seeded pseudo-random generator (sfc32, seeded through splitmix32) so demo data is the same
 * for the same seed on every machine. Not for anything secret.
 */
export interface Prng {
  /** A float in [0, 1). */
  next(): number;
  /** A whole number in [min, max]. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks by relative weights: [[value, weight], ...]. */
  weighted<T>(choices: readonly (readonly [T, number])[]): T;
  /** A version-4-shaped UUID drawn from the generator. */
  uuid(): string;
}

function splitmix32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

function seedNumber(seed: number | string): number {
  if (typeof seed === 'number') return Math.trunc(seed) >>> 0;
  let hash = 0x811c9dc5; // FNV-1a
  for (let i = 0; i < seed.length; i++) hash = Math.imul(hash ^ seed.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

export function createPrng(seed: number | string): Prng {
  const init = splitmix32(seedNumber(seed));
  let a = init();
  let b = init();
  let c = init();
  let d = init();
  const nextUint32 = (): number => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t;
  };
  for (let i = 0; i < 12; i++) nextUint32();

  const next = () => nextUint32() / 4294967296;
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    const item = items[Math.floor(next() * items.length)];
    if (item === undefined) throw new RangeError('pick from an empty list');
    return item;
  };
  const weighted = <T>(choices: readonly (readonly [T, number])[]): T => {
    const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = next() * total;
    for (const [value, weight] of choices) {
      roll -= weight;
      if (roll < 0) return value;
    }
    const last = choices[choices.length - 1];
    if (!last) throw new RangeError('weighted pick from an empty list');
    return last[0];
  };
  const byte = (word: number, shift: number) => HEX[(word >>> shift) & 0xff] ?? '00';
  const uuid = () => {
    const w0 = nextUint32();
    const w1 = nextUint32();
    const w2 = (nextUint32() & 0x3fffffff) | 0x80000000; // variant 10xx
    const w3 = nextUint32();
    const version = ((w1 & 0xffff0fff) | 0x00004000) >>> 0; // version 4
    return (
      byte(w0, 24) +
      byte(w0, 16) +
      byte(w0, 8) +
      byte(w0, 0) +
      '-' +
      byte(version, 24) +
      byte(version, 16) +
      '-' +
      byte(version, 8) +
      byte(version, 0) +
      '-' +
      byte(w2, 24) +
      byte(w2, 16) +
      '-' +
      byte(w2, 8) +
      byte(w2, 0) +
      byte(w3, 24) +
      byte(w3, 16) +
      byte(w3, 8) +
      byte(w3, 0)
    );
  };
  return { next, int, chance: (p) => next() < p, pick, weighted, uuid };
}
