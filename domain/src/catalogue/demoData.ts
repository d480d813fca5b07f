/**
 * Real-world reference data for the demo catalogue: series with their publishers and creators,
 * variant kinds, key issues, games and accessories. Publisher names are those of KNOWN_PUBLISHERS.
 */
import type { KNOWN_PUBLISHERS } from './knownLists.ts';

type ComicPublisher = (typeof KNOWN_PUBLISHERS.comic)[number];
type GamePublisher = (typeof KNOWN_PUBLISHERS.game)[number];

export interface DemoSeries {
  title: string;
  publisher: ComicPublisher;
  writers: readonly string[];
  artists: readonly string[];
  /** The issue number current in the month the demo is generated. */
  latestIssue: number;
  /** Relative frequency on the shelves. */
  weight: number;
}

export const DEMO_SERIES: readonly DemoSeries[] = [
  {
    title: 'Amazing Spider-Man',
    publisher: 'Marvel',
    writers: ['Joe Kelly', 'Zeb Wells'],
    artists: ['John Romita Jr.', 'Pepe Larraz', 'Patrick Gleason'],
    latestIssue: 14,
    weight: 10,
  },
  {
    title: 'Ultimate Spider-Man',
    publisher: 'Marvel',
    writers: ['Jonathan Hickman'],
    artists: ['Marco Checchetto', 'David Messina'],
    latestIssue: 22,
    weight: 8,
  },
  { title: 'X-Men', publisher: 'Marvel', writers: ['Jed MacKay'], artists: ['Ryan Stegman', 'Netho Diaz'], latestIssue: 20, weight: 8 },
  {
    title: 'Uncanny X-Men',
    publisher: 'Marvel',
    writers: ['Gail Simone'],
    artists: ['David Marquez', 'Javier Garrón'],
    latestIssue: 16,
    weight: 6,
  },
  { title: 'Venom', publisher: 'Marvel', writers: ['Al Ewing'], artists: ['CAFU', 'Carlos Gómez'], latestIssue: 255, weight: 5 },
  {
    title: 'Daredevil',
    publisher: 'Marvel',
    writers: ['Saladin Ahmed'],
    artists: ['Aaron Kuder', 'Germán Peralta'],
    latestIssue: 18,
    weight: 4,
  },
  {
    title: 'Fantastic Four',
    publisher: 'Marvel',
    writers: ['Ryan North'],
    artists: ['Iban Coello', 'Humberto Ramos'],
    latestIssue: 32,
    weight: 4,
  },
  { title: 'Wolverine', publisher: 'Marvel', writers: ['Saladin Ahmed'], artists: ['Martín Cóccolo'], latestIssue: 10, weight: 5 },
  { title: 'Ultimates', publisher: 'Marvel', writers: ['Deniz Camp'], artists: ['Juan Frigeri'], latestIssue: 12, weight: 4 },
  {
    title: 'Immortal Thor',
    publisher: 'Marvel',
    writers: ['Al Ewing'],
    artists: ['Martín Cóccolo', 'Jan Bazaldua'],
    latestIssue: 25,
    weight: 3,
  },
  {
    title: 'Batman',
    publisher: 'DC Comics',
    writers: ['Jeph Loeb', 'Chip Zdarsky'],
    artists: ['Jim Lee', 'Jorge Jiménez'],
    latestIssue: 162,
    weight: 10,
  },
  {
    title: 'Absolute Batman',
    publisher: 'DC Comics',
    writers: ['Scott Snyder'],
    artists: ['Nick Dragotta', 'Gabriel Hernández Walta'],
    latestIssue: 14,
    weight: 9,
  },
  {
    title: 'Absolute Wonder Woman',
    publisher: 'DC Comics',
    writers: ['Kelly Thompson'],
    artists: ['Hayden Sherman', 'Mattia De Iulis'],
    latestIssue: 12,
    weight: 5,
  },
  { title: 'Absolute Superman', publisher: 'DC Comics', writers: ['Jason Aaron'], artists: ['Rafa Sandoval'], latestIssue: 12, weight: 5 },
  { title: 'Detective Comics', publisher: 'DC Comics', writers: ['Tom Taylor'], artists: ['Mikel Janín'], latestIssue: 1100, weight: 5 },
  {
    title: 'Superman',
    publisher: 'DC Comics',
    writers: ['Joshua Williamson'],
    artists: ['Dan Mora', 'Jamal Campbell'],
    latestIssue: 30,
    weight: 5,
  },
  { title: 'Wonder Woman', publisher: 'DC Comics', writers: ['Tom King'], artists: ['Daniel Sampere'], latestIssue: 25, weight: 4 },
  {
    title: 'Batman and Robin',
    publisher: 'DC Comics',
    writers: ['Joshua Williamson'],
    artists: ['Simone Di Meo', 'Nikola Čižmešija'],
    latestIssue: 24,
    weight: 3,
  },
  { title: 'Nightwing', publisher: 'DC Comics', writers: ['Dan Watters'], artists: ['Dexter Soy'], latestIssue: 130, weight: 3 },
  {
    title: 'Green Lantern',
    publisher: 'DC Comics',
    writers: ['Jeremy Adams'],
    artists: ['Xermanico', 'Fernando Pasarín'],
    latestIssue: 25,
    weight: 3,
  },
  { title: 'Saga', publisher: 'Image Comics', writers: ['Brian K. Vaughan'], artists: ['Fiona Staples'], latestIssue: 72, weight: 6 },
  {
    title: 'Invincible',
    publisher: 'Image Comics',
    writers: ['Robert Kirkman'],
    artists: ['Ryan Ottley', 'Cory Walker'],
    latestIssue: 144,
    weight: 5,
  },
  {
    title: 'Spawn',
    publisher: 'Image Comics',
    writers: ['Todd McFarlane'],
    artists: ['Carlo Barberi', 'Todd McFarlane'],
    latestIssue: 365,
    weight: 4,
  },
  {
    title: 'Transformers',
    publisher: 'Image Comics',
    writers: ['Daniel Warren Johnson', 'Robert Kirkman'],
    artists: ['Daniel Warren Johnson', 'Jorge Corona'],
    latestIssue: 26,
    weight: 6,
  },
  {
    title: 'Void Rivals',
    publisher: 'Image Comics',
    writers: ['Robert Kirkman'],
    artists: ['Lorenzo De Felici'],
    latestIssue: 24,
    weight: 3,
  },
  {
    title: 'The Walking Dead Deluxe',
    publisher: 'Image Comics',
    writers: ['Robert Kirkman'],
    artists: ['Charlie Adlard'],
    latestIssue: 120,
    weight: 3,
  },
  { title: 'Monstress', publisher: 'Image Comics', writers: ['Marjorie Liu'], artists: ['Sana Takeda'], latestIssue: 58, weight: 2 },
  { title: 'Geiger', publisher: 'Image Comics', writers: ['Geoff Johns'], artists: ['Gary Frank'], latestIssue: 12, weight: 2 },
  {
    title: 'Teenage Mutant Ninja Turtles',
    publisher: 'IDW',
    writers: ['Jason Aaron'],
    artists: ['Joëlle Jones', 'Juan Ferreyra'],
    latestIssue: 12,
    weight: 6,
  },
  {
    title: 'Star Trek',
    publisher: 'IDW',
    writers: ['Collin Kelly', 'Jackson Lanzing'],
    artists: ['Ramon Rosanas'],
    latestIssue: 30,
    weight: 2,
  },
  { title: 'Sonic the Hedgehog', publisher: 'IDW', writers: ['Ian Flynn'], artists: ['Adam Bryce Thomas'], latestIssue: 80, weight: 2 },
  {
    title: 'Something is Killing the Children',
    publisher: 'Boom! Studios',
    writers: ['James Tynion IV'],
    artists: ["Werther Dell'Edera"],
    latestIssue: 44,
    weight: 4,
  },
  { title: 'Once & Future', publisher: 'Boom! Studios', writers: ['Kieron Gillen'], artists: ['Dan Mora'], latestIssue: 30, weight: 2 },
  {
    title: 'Hellboy and the B.P.R.D.',
    publisher: 'Dark Horse',
    writers: ['Mike Mignola'],
    artists: ['Ben Stenbeck', 'Alejandro Aragón'],
    latestIssue: 6,
    weight: 2,
  },
  { title: 'Usagi Yojimbo', publisher: 'Dark Horse', writers: ['Stan Sakai'], artists: ['Stan Sakai'], latestIssue: 8, weight: 2 },
  { title: 'Black Hammer', publisher: 'Dark Horse', writers: ['Jeff Lemire'], artists: ['Dean Ormston'], latestIssue: 13, weight: 1 },
  { title: 'Red Sonja', publisher: 'Dynamite', writers: ['Torunn Grønbekk'], artists: ['Walter Geovani'], latestIssue: 20, weight: 2 },
  { title: 'Vampirella', publisher: 'Dynamite', writers: ['Christopher Priest'], artists: ['Ergün Gündüz'], latestIssue: 675, weight: 1 },
  { title: 'The Boys', publisher: 'Dynamite', writers: ['Garth Ennis'], artists: ['Darick Robertson'], latestIssue: 72, weight: 1 },
  { title: 'Doctor Who', publisher: 'Titan Comics', writers: ['Jody Houser'], artists: ['Roberta Ingranata'], latestIssue: 10, weight: 1 },
  { title: 'Rick and Morty', publisher: 'Oni Press', writers: ['Alex Firer'], artists: ['Fred Stresing'], latestIssue: 12, weight: 1 },
  { title: 'Archie', publisher: 'Archie Comics', writers: ['Dan Parent'], artists: ['Dan Parent'], latestIssue: 750, weight: 1 },
  { title: 'X-O Manowar', publisher: 'Valiant', writers: ['Matt Kindt'], artists: ['Tomás Giorello'], latestIssue: 26, weight: 1 },
  {
    title: 'Nottingham',
    publisher: 'Mad Cave Studios',
    writers: ['David Hazan'],
    artists: ['Shane Connery Volk'],
    latestIssue: 10,
    weight: 1,
  },
  {
    title: 'Love and Rockets',
    publisher: 'Fantagraphics',
    writers: ['Jaime Hernandez', 'Gilbert Hernandez'],
    artists: ['Jaime Hernandez', 'Gilbert Hernandez'],
    latestIssue: 16,
    weight: 1,
  },
  { title: 'Grimm Fairy Tales', publisher: 'Zenescope', writers: ['Joe Brusha'], artists: ['Allan Otero'], latestIssue: 90, weight: 1 },
];

/** Variant cover artists often seen on incentive and artist variants. */
export const DEMO_COVER_ARTISTS: readonly string[] = [
  'Peach Momoko',
  'Stanley "Artgerm" Lau',
  'J. Scott Campbell',
  'Alex Ross',
  'Skottie Young',
  'Jen Bartel',
  'Derrick Chew',
  'Mark Brooks',
  'Ivan Tao',
  'David Nakayama',
  'Lucio Parrillo',
  'Tyler Kirkham',
  'Francesco Mattina',
  'Jenny Frison',
  'Ryan Brown',
  'Kaare Andrews',
  'InHyuk Lee',
  'Mateus Manhanini',
];

/** Variant kinds of new and pre-order comics with relative frequency; '{artist}' names the cover artist. */
export const DEMO_NEW_VARIANTS: readonly (readonly [string, number])[] = [
  ['', 40],
  ['Cover A', 15],
  ['Cover B {artist} Variant', 15],
  ['Cover C {artist} Variant', 7],
  ['Cover B Artist Variant', 5],
  ['1:10 Incentive', 4],
  ['1:25 Incentive', 5],
  ['1:50 Incentive Variant', 2],
  ['Foil Variant', 2],
  ['Virgin Variant', 2],
  ['Blank Sketch Cover', 2],
  ['Second Printing', 1],
];

export const DEMO_BACK_VARIANTS: readonly (readonly [string, number])[] = [
  ['', 70],
  ['Direct Edition', 10],
  ['Newsstand Edition', 8],
  ['Cover B Variant', 7],
  ['Second Printing', 5],
];

/** New comics' cover prices (cents): $4.99 to $7.99. */
export const DEMO_NEW_SRPS: readonly (readonly [number, number])[] = [
  [499, 45],
  [549, 5],
  [599, 25],
  [699, 12],
  [799, 13],
];

export interface DemoKeyIssue {
  title: string;
  issue: number;
  note: string;
  publisher: ComicPublisher;
  year: number;
  month: number;
  writer: string;
  artist: string;
  /** The shop's price (cents). */
  priceCents: number;
}

export const DEMO_KEY_ISSUES: readonly DemoKeyIssue[] = [
  {
    title: 'Amazing Spider-Man',
    issue: 300,
    note: '1st full appearance of Venom',
    publisher: 'Marvel',
    year: 1988,
    month: 5,
    writer: 'David Michelinie',
    artist: 'Todd McFarlane',
    priceCents: 149500,
  },
  {
    title: 'Amazing Spider-Man',
    issue: 361,
    note: '1st full appearance of Carnage',
    publisher: 'Marvel',
    year: 1992,
    month: 4,
    writer: 'David Michelinie',
    artist: 'Mark Bagley',
    priceCents: 24995,
  },
  {
    title: 'Incredible Hulk',
    issue: 181,
    note: '1st full appearance of Wolverine',
    publisher: 'Marvel',
    year: 1974,
    month: 11,
    writer: 'Len Wein',
    artist: 'Herb Trimpe',
    priceCents: 450000,
  },
  {
    title: 'Giant-Size X-Men',
    issue: 1,
    note: '1st appearance of Storm, Colossus and Nightcrawler',
    publisher: 'Marvel',
    year: 1975,
    month: 5,
    writer: 'Len Wein',
    artist: 'Dave Cockrum',
    priceCents: 295000,
  },
  {
    title: 'New Mutants',
    issue: 98,
    note: '1st appearance of Deadpool',
    publisher: 'Marvel',
    year: 1991,
    month: 2,
    writer: 'Fabian Nicieza',
    artist: 'Rob Liefeld',
    priceCents: 64995,
  },
  {
    title: 'Daredevil',
    issue: 168,
    note: '1st appearance of Elektra',
    publisher: 'Marvel',
    year: 1981,
    month: 1,
    writer: 'Frank Miller',
    artist: 'Frank Miller',
    priceCents: 39995,
  },
  {
    title: 'Ultimate Fallout',
    issue: 4,
    note: '1st appearance of Miles Morales',
    publisher: 'Marvel',
    year: 2011,
    month: 8,
    writer: 'Jonathan Hickman',
    artist: 'Sara Pichelli',
    priceCents: 69995,
  },
  {
    title: 'Edge of Spider-Verse',
    issue: 2,
    note: '1st appearance of Spider-Gwen',
    publisher: 'Marvel',
    year: 2014,
    month: 11,
    writer: 'Jason Latour',
    artist: 'Robbi Rodriguez',
    priceCents: 39995,
  },
  {
    title: 'Batman Adventures',
    issue: 12,
    note: '1st comic appearance of Harley Quinn',
    publisher: 'DC Comics',
    year: 1993,
    month: 9,
    writer: 'Paul Dini',
    artist: 'Mike Parobeck',
    priceCents: 179500,
  },
  {
    title: 'Batman',
    issue: 497,
    note: 'Bane breaks Batman',
    publisher: 'DC Comics',
    year: 1993,
    month: 7,
    writer: 'Doug Moench',
    artist: 'Jim Aparo',
    priceCents: 4995,
  },
  {
    title: 'Absolute Batman',
    issue: 1,
    note: 'First printing',
    publisher: 'DC Comics',
    year: 2024,
    month: 10,
    writer: 'Scott Snyder',
    artist: 'Nick Dragotta',
    priceCents: 5995,
  },
  {
    title: 'The Walking Dead',
    issue: 1,
    note: '1st appearance of Rick Grimes',
    publisher: 'Image Comics',
    year: 2003,
    month: 10,
    writer: 'Robert Kirkman',
    artist: 'Tony Moore',
    priceCents: 199500,
  },
  {
    title: 'Invincible',
    issue: 1,
    note: '1st appearance of Invincible',
    publisher: 'Image Comics',
    year: 2003,
    month: 1,
    writer: 'Robert Kirkman',
    artist: 'Cory Walker',
    priceCents: 99500,
  },
  {
    title: 'Saga',
    issue: 1,
    note: 'First printing',
    publisher: 'Image Comics',
    year: 2012,
    month: 3,
    writer: 'Brian K. Vaughan',
    artist: 'Fiona Staples',
    priceCents: 34995,
  },
  {
    title: 'Spawn',
    issue: 1,
    note: '1st appearance of Spawn',
    publisher: 'Image Comics',
    year: 1992,
    month: 5,
    writer: 'Todd McFarlane',
    artist: 'Todd McFarlane',
    priceCents: 14995,
  },
  {
    title: 'Teenage Mutant Ninja Turtles',
    issue: 1,
    note: 'IDW series first issue',
    publisher: 'IDW',
    year: 2011,
    month: 8,
    writer: 'Kevin Eastman',
    artist: 'Dan Duncan',
    priceCents: 7995,
  },
  {
    title: 'Hellboy: Seed of Destruction',
    issue: 1,
    note: '1st Hellboy series',
    publisher: 'Dark Horse',
    year: 1994,
    month: 3,
    writer: 'Mike Mignola',
    artist: 'Mike Mignola',
    priceCents: 17995,
  },
  {
    title: 'Something is Killing the Children',
    issue: 1,
    note: '1st appearance of Erica Slaughter',
    publisher: 'Boom! Studios',
    year: 2019,
    month: 9,
    writer: 'James Tynion IV',
    artist: "Werther Dell'Edera",
    priceCents: 19995,
  },
];

export interface DemoProduct {
  name: string;
  publisher: GamePublisher | 'BCW';
  srp: number;
  pnp: number;
}

export const DEMO_GAMES: readonly DemoProduct[] = [
  { name: 'Magic: The Gathering Foundations Play Booster', publisher: 'Wizards of the Coast', srp: 1099, pnp: 500 },
  { name: 'Magic: The Gathering Commander Deck', publisher: 'Wizards of the Coast', srp: 8995, pnp: 1200 },
  { name: "Dungeons & Dragons Player's Handbook (2024)", publisher: 'Wizards of the Coast', srp: 7995, pnp: 1500 },
  { name: 'Dungeons & Dragons Starter Set', publisher: 'Wizards of the Coast', srp: 3995, pnp: 1200 },
  { name: 'Warhammer 40,000 Combat Patrol: Space Marines', publisher: 'Games Workshop', srp: 20000, pnp: 1900 },
  { name: 'Warhammer 40,000 Introductory Set', publisher: 'Games Workshop', srp: 9000, pnp: 1500 },
  { name: 'Kill Team Starter Set', publisher: 'Games Workshop', srp: 10000, pnp: 1500 },
  { name: 'Citadel Contrast Paint', publisher: 'Games Workshop', srp: 1150, pnp: 500 },
  { name: 'Catan', publisher: 'Asmodee', srp: 6995, pnp: 1500 },
  { name: 'Ticket to Ride', publisher: 'Asmodee', srp: 7995, pnp: 1500 },
  { name: 'Pandemic', publisher: 'Asmodee', srp: 6995, pnp: 1500 },
  { name: 'Azul', publisher: 'Asmodee', srp: 5995, pnp: 1500 },
  { name: 'Dobble', publisher: 'Asmodee', srp: 2495, pnp: 850 },
  { name: '7 Wonders', publisher: 'Asmodee', srp: 7995, pnp: 1500 },
];

export const DEMO_ACCESSORIES: readonly DemoProduct[] = [
  { name: 'BCW Current Comic Bags (100)', publisher: 'BCW', srp: 1495, pnp: 850 },
  { name: 'BCW Silver Age Comic Bags (100)', publisher: 'BCW', srp: 1495, pnp: 850 },
  { name: 'BCW Current Comic Backing Boards (100)', publisher: 'BCW', srp: 2495, pnp: 1500 },
  { name: 'BCW Short Comic Storage Box', publisher: 'BCW', srp: 1995, pnp: 1500 },
  { name: 'BCW Long Comic Storage Box', publisher: 'BCW', srp: 2495, pnp: 1900 },
  { name: 'BCW Comic Book Dividers (25)', publisher: 'BCW', srp: 1995, pnp: 850 },
  { name: 'BCW Current Comic Topload Holder', publisher: 'BCW', srp: 395, pnp: 450 },
];

/** Where back-issue batches come from: a name and the supplier type. */
export const DEMO_BACK_ISSUE_SOURCES: readonly (readonly [string, 'local_person' | 'local_shop' | 'auction'])[] = [
  ['Collection from Ipswich', 'local_person'],
  ['Estate Sale Toowoomba', 'local_person'],
  ['Shop Buyout Fortitude Valley', 'local_shop'],
  ['Auction Lot Gold Coast', 'auction'],
  ['Garage Sale Logan', 'local_person'],
  ['Collection from Redcliffe', 'local_person'],
  ['Shop Buyout Newstead', 'local_shop'],
  ['Auction Lot Sunshine Coast', 'auction'],
];
