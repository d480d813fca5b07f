import { describe, expect, it } from 'vitest';
import { parseSupplierTitle, titleCase, type ParsedTitle } from './supplierTitle.ts';

type Row = [title: string, series: string, issue: string, cover: string, printing?: number, extra?: Partial<ParsedTitle>];

/** Titles as Diamond (Previews), Lunar (DC and most others since 2020/2025) and PRH (Marvel) write them. */
const TABLE: Row[] = [
  // Diamond style
  ['AMAZING SPIDER-MAN #12 CVR B ROMITA', 'Amazing Spider-Man', '12', 'B', 1, { variant: 'Romita' }],
  ['SPAWN #350 CVR A MCFARLANE', 'Spawn', '350', 'A'],
  ['SAGA #66 (MR)', 'Saga', '66', ''],
  ['WALKING DEAD DLX #90 CVR A MOORE & MCCAIG (MR)', 'Walking Dead DLX', '90', 'A'],
  ['DEADPOOL TEAM-UP #1 (OF 5) CVR A', 'Deadpool Team-Up', '1', 'A', 1, { limitedSeriesOf: 5 }],
  ['HELLBOY & BPRD 1957 #1 (OF 2) CVR B MIGNOLA', 'Hellboy & BPRD 1957', '1', 'B', 1, { limitedSeriesOf: 2 }],
  ['SOMETHING IS KILLING THE CHILDREN #40 CVR A DELL EDERA', 'Something Is Killing the Children', '40', 'A'],
  ['TRANSFORMERS #1 2ND PTG CVR A JOHNSON', 'Transformers', '1', 'A', 2],
  ['ENERGON UNIVERSE 2024 SPECIAL #1 3RD PTG', 'Energon Universe 2024 Special', '1', '', 3],
  ['SPAWN #1 CVR C 1:25 INCV VAR', 'Spawn', '1', '1:25', 1, { ratio: 25 }],
  ['GODZILLA VS AMERICA #1 1:10 INCV ZORNOW', 'Godzilla vs America', '1', '1:10', 1, { ratio: 10 }],
  ['TMNT #150 CVR A EASTMAN', 'TMNT', '150', 'A'],
  ['TMNT THE LAST RONIN II RE EVOLUTION #1 (OF 5) CVR A', 'TMNT the Last Ronin II Re Evolution', '1', 'A', 1, { limitedSeriesOf: 5 }],
  ['BATMAN #0', 'Batman', '0', ''],
  ['X-MEN #1.MU', 'X-Men', '1.MU', ''],
  ['AMAZING SPIDER-MAN #1.1', 'Amazing Spider-Man', '1.1', ''],
  ['INCREDIBLE HULK #1/2 WIZARD ED', 'Incredible Hulk', '1/2', ''],
  ['SAVAGE DRAGON #001 CVR A', 'Savage Dragon', '1', 'A'],
  ['AMAZING SPIDER-MAN ANNUAL #1', 'Amazing Spider-Man', 'Annual 1', '', 1, { kind: 'annual' }],
  ['X-MEN ANNUAL #2 CVR B', 'X-Men', 'Annual 2', 'B', 1, { kind: 'annual' }],
  ['BATMAN 2025 ANNUAL #1 (ONE SHOT) CVR A', 'Batman', 'Annual 2025', 'A', 1, { kind: 'annual' }],
  ['TMNT ONE SHOT CVR A', 'TMNT', 'One-Shot', 'A', 1, { kind: 'one-shot' }],
  ['BATMAN DAY SPECIAL EDITION #1 (ONE SHOT)', 'Batman Day Special Edition', 'One-Shot', '', 1, { kind: 'one-shot' }],
  ['SAGA TP VOL 11 (MR)', 'Saga TP', '11', '', 1, { kind: 'collected' }],
  ['BATMAN BY TOM KING HC VOL 01', 'Batman by Tom King HC', '1', '', 1, { kind: 'collected' }],
  ['INVINCIBLE COMPENDIUM TP VOL 01', 'Invincible Compendium TP', '1', '', 1, { kind: 'collected' }],
  ['ONE PIECE GN VOL 105', 'One Piece GN', '105', '', 1, { kind: 'collected' }],
  ['WATCHMEN ABSOLUTE HC', 'Watchmen Absolute HC', '', '', 1, { kind: 'collected' }],
  ['BATMAN VOL 3 #50 CVR A', 'Batman', '50', 'A', 1, { volume: 3 }],
  ['X-MEN 97 #1 CVR A', 'X-Men 97', '1', 'A'],
  ['BATMAN 89 ECHOES #1 (OF 6)', 'Batman 89 Echoes', '1', '', 1, { limitedSeriesOf: 6 }],
  // Lunar style (DC and others; upper or mixed case)
  ['BATMAN #150 CVR A JORGE JIMENEZ', 'Batman', '150', 'A'],
  ['BATMAN #150 CVR E INC 1:25 DAN MORA CARD STOCK VAR', 'Batman', '150', '1:25', 1, { ratio: 25 }],
  ['ABSOLUTE BATMAN #1 2ND PTG CVR A NICK DRAGOTTA', 'Absolute Batman', '1', 'A', 2],
  ['ABSOLUTE BATMAN #1 THIRD PRINTING CVR B', 'Absolute Batman', '1', 'B', 3],
  ['Batman #150 Cover A Jorge Jimenez', 'Batman', '150', 'A'],
  ['Absolute Wonder Woman #2 Cover C 1 in 25 Hayden Sherman Card Stock Variant', 'Absolute Wonder Woman', '2', '1:25', 1, { ratio: 25 }],
  ['Superman 2025 Annual #1 (One Shot) Cover B', 'Superman', 'Annual 2025', 'B', 1, { kind: 'annual' }],
  ['Nightwing #120 Second Printing Cover A', 'Nightwing', '120', 'A', 2],
  ['DC vs Vampires All-Out War #1 (of 6) Cover A', 'DC vs Vampires All-Out War', '1', 'A', 1, { limitedSeriesOf: 6 }],
  ['Batman The Long Halloween TP', 'Batman The Long Halloween TP', '', '', 1, { kind: 'collected' }],
  // PRH style (Marvel)
  ['X-MEN #1 RYAN STEGMAN VARIANT [FHX]', 'X-Men', '1', 'VAR', 1, { variant: 'Ryan Stegman Variant' }],
  ['ULTIMATE X-MEN #1 PEACH MOMOKO 2ND PRINTING VARIANT', 'Ultimate X-Men', '1', 'VAR', 2],
  ['AMAZING SPIDER-MAN #50 25 COPY INCV', 'Amazing Spider-Man', '50', '1:25', 1, { ratio: 25 }],
  ['AMAZING SPIDER-MAN #50 PEPE LARRAZ 1:50 VARIANT', 'Amazing Spider-Man', '50', '1:50', 1, { ratio: 50 }],
  ['ULTIMATE SPIDER-MAN #9', 'Ultimate Spider-Man', '9', ''],
  [
    'ULTIMATE SPIDER-MAN BY JONATHAN HICKMAN VOL. 1: MARRIED WITH CHILDREN',
    'Ultimate Spider-Man by Jonathan Hickman',
    '1',
    '',
    1,
    { kind: 'collected', variant: 'Married with Children' },
  ],
  [
    'X-MEN BY CHRIS CLAREMONT & JIM LEE OMNIBUS VOL. 2 HC',
    'X-Men by Chris Claremont & Jim Lee Omnibus HC',
    '2',
    '',
    1,
    { kind: 'collected' },
  ],
  ['FANTASTIC FOUR ANNUAL #1 [BH]', 'Fantastic Four', 'Annual 1', '', 1, { kind: 'annual' }],
  ['SPIDER-BOY #1 2ND PTG BUSTOS VAR', 'Spider-Boy', '1', 'VAR', 2],
  ['STAR WARS #50 FOIL VARIANT', 'Star Wars', '50', 'VAR'],
  ['DAREDEVIL #1 FACSIMILE EDITION', 'Daredevil', '1', 'VAR'],
];

describe('parseSupplierTitle', () => {
  it('has a table of at least 40 titles', () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(40);
  });

  it.each(TABLE)('%s', (title, series, issue, cover, printing = 1, extra = {}) => {
    const parsed = parseSupplierTitle(title);
    expect({ series: parsed.seriesTitle, issue: parsed.issueNumber, cover: parsed.cover, printing: parsed.printing }).toEqual({
      series,
      issue,
      cover,
      printing,
    });
    expect(parsed).toMatchObject(extra);
  });

  it('reads a title with nothing but a name as the series', () => {
    expect(parseSupplierTitle('  MARVEL PREVIEWS  ')).toMatchObject({
      seriesTitle: 'Marvel Previews',
      issueNumber: '',
      cover: '',
      printing: 1,
    });
  });
});

describe('titleCase', () => {
  it('capitalises shouted titles and keeps mixed case', () => {
    expect(titleCase('THE AMAZING SPIDER-MAN')).toBe('The Amazing Spider-Man');
    expect(titleCase('Batman')).toBe('Batman');
    expect(titleCase("DAN DARE'S RETURN")).toBe("Dan Dare's Return");
  });
});
