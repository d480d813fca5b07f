/** Words of the pull list, shared by the popup's control and the page (pure). */
export const copiesWord = (n: number) => `${n} ${n === 1 ? 'copy' : 'copies'}`;
export const coversWord = (covers: 'all' | 'main') => (covers === 'all' ? 'all covers' : 'main cover');
export const PULL_QUANTITIES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
