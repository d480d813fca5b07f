/** Lower-cased title with every run of digits zero-padded to 8, so "#2" sorts before "#10". */
export function sortTitle(mainDescription: string, variantDescription: string): string {
  const title = `${mainDescription} ${variantDescription}`.trim().toLowerCase();
  return title.replace(/\d+/g, (digits) => digits.slice(-8).padStart(8, '0'));
}
